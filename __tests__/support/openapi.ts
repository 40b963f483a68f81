// Checks REST traffic against GitHub's own OpenAPI description (@octokit/openapi, the operations the
// stand-in serves: openapi/api.github.com.json, checked against the package by openapiTrim.test.ts), so the fake server
// cannot drift from the real API: a request our code makes that GitHub would reject, or a response
// the fake sends that GitHub would never send, is reported as a violation.
//
// Deliberately a small subset of JSON Schema: $ref, allOf/anyOf/oneOf (oneOf as "any matches":
// GitHub's variants overlap), nullable, type, required, properties, items, enum, and the date-time /
// uri formats. Unknown properties are allowed in bodies (GitHub ignores them); unknown query
// parameters are not (a misspelt `per_page` silently changes behaviour).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: Schema[];
  requestBody?: Schema;
  responses: Record<string, Schema>;
}

export interface MatchedOperation {
  template: string;
  operation: Operation;
  pathParams: Record<string, string>;
  /** Path-level and operation-level parameters, $refs resolved. */
  parameters: Schema[];
}

let loaded: OpenApi | undefined;
const TRIMMED = join(dirname(fileURLToPath(import.meta.url)), 'openapi', 'api.github.com.json');

export class OpenApi {
  private readonly spec: Schema;
  private readonly routes: { method: string; template: string; regex: RegExp; names: string[]; literals: number }[] = [];

  private constructor(spec: Schema) {
    this.spec = spec;
    for (const [template, item] of Object.entries(spec['paths'] as Record<string, Schema>)) {
      const names: string[] = [];
      const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      const literals = template.split('/').filter((s) => s !== '' && !s.startsWith('{')).length;
      for (const method of Object.keys(item)) {
        if (method === 'parameters') continue;
        this.routes.push({ method: method.toUpperCase(), template, regex: new RegExp(`^${pattern}$`), names, literals });
      }
    }
    // The most specific template first: /issues/comments/{id} before /issues/{issue_number}/...
    this.routes.sort((a, b) => b.literals - a.literals || a.template.localeCompare(b.template));
  }

  /** The operations the stand-in serves, trimmed from @octokit/openapi (scripts/build/trimOpenapi.ts). */
  static load(): OpenApi {
    if (!loaded) loaded = new OpenApi(JSON.parse(readFileSync(TRIMMED, 'utf8')) as Schema);
    return loaded;
  }

  match(method: string, pathname: string): MatchedOperation | undefined {
    for (const route of this.routes) {
      if (route.method !== method.toUpperCase()) continue;
      const m = route.regex.exec(pathname);
      if (!m) continue;
      const pathParams: Record<string, string> = {};
      route.names.forEach((n, i) => (pathParams[n] = decodeURIComponent(m[i + 1]!)));
      const item = (this.spec['paths'] as Record<string, Schema>)[route.template]!;
      const operation = item[method.toLowerCase()] as Operation;
      const parameters = [...((item['parameters'] as Schema[] | undefined) ?? []), ...(operation.parameters ?? [])].map((p) =>
        this.resolve(p),
      );
      return { template: route.template, operation, pathParams, parameters };
    }
    return undefined;
  }

  /** Violations of the request: unknown route, bad path/query parameters, missing or malformed body. */
  checkRequest(method: string, url: URL, body: unknown): string[] {
    const where = `${method} ${url.pathname}`;
    const op = this.match(method, url.pathname);
    if (!op) return [`${where}: no such operation in GitHub's OpenAPI description`];
    const errors: string[] = [];
    for (const p of op.parameters) {
      const name = p['name'] as string;
      const schema = (p['schema'] as Schema | undefined) ?? {};
      if (p['in'] === 'path') {
        const value = op.pathParams[name];
        if (value === undefined || value === '') errors.push(`${where}: path parameter '${name}' missing`);
        else this.validate(schema, coerce(schema, value), `${where} path '${name}'`, errors);
      } else if (p['in'] === 'query') {
        const value = url.searchParams.get(name);
        if (value === null) {
          if (p['required'] === true) errors.push(`${where}: required query parameter '${name}' missing`);
        } else this.validate(schema, coerce(schema, value), `${where} query '${name}'`, errors);
      }
    }
    const known = new Set(op.parameters.filter((p) => p['in'] === 'query').map((p) => p['name'] as string));
    for (const name of url.searchParams.keys()) {
      if (!known.has(name)) errors.push(`${where}: unknown query parameter '${name}' (${op.operation.operationId})`);
    }
    const requestBody = op.operation.requestBody ? this.resolve(op.operation.requestBody) : undefined;
    if (requestBody) {
      const schema = jsonSchema(requestBody);
      if (body === undefined) {
        if (requestBody['required'] === true) errors.push(`${where}: request body required (${op.operation.operationId})`);
      } else if (schema) this.validate(schema, body, `${where} body`, errors);
    }
    return errors;
  }

  /** Violations of a response: a status the operation never returns, or a body off its schema. */
  checkResponse(method: string, pathname: string, status: number, body: unknown): string[] {
    const where = `${method} ${pathname} -> ${status}`;
    const op = this.match(method, pathname);
    if (!op) return [`${where}: no such operation`];
    const response = op.operation.responses[String(status)] ?? op.operation.responses['default'];
    if (!response) return [`${where}: status not documented for ${op.operation.operationId}`];
    const schema = jsonSchema(this.resolve(response));
    const errors: string[] = [];
    if (schema) this.validate(schema, body, `${where} body`, errors);
    return errors;
  }

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; typeof current['$ref'] === 'string' && depth < 20; depth++) {
      const parts = (current['$ref'] as string).replace(/^#\//, '').split('/');
      let target: unknown = this.spec;
      for (const part of parts) target = (target as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      if (target === undefined) throw new Error(`Unresolvable $ref ${current['$ref'] as string}`);
      current = target as Schema;
    }
    return current;
  }

  validate(schemaIn: Schema, value: unknown, at: string, errors: string[]): void {
    const schema = this.resolve(schemaIn);
    if (value === null) {
      if (schema['nullable'] === true) return;
      if (schema['type'] !== undefined) {
        errors.push(`${at}: null is not allowed`);
        return;
      }
    }
    for (const part of (schema['allOf'] as Schema[] | undefined) ?? []) this.validate(part, value, at, errors);
    const variants = (schema['oneOf'] ?? schema['anyOf']) as Schema[] | undefined;
    if (variants) {
      const results = variants.map((v) => {
        const e: string[] = [];
        this.validate(v, value, at, e);
        return e;
      });
      if (!results.some((e) => e.length === 0)) {
        errors.push(`${at}: matches none of ${variants.length} alternatives (first: ${results[0]?.[0] ?? '?'})`);
      }
    }
    if (value === null) return;
    const type = schema['type'];
    if (Array.isArray(schema['enum']) && !(schema['enum'] as unknown[]).includes(value)) {
      errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema['enum'])}`);
    }
    switch (type) {
      case 'object': {
        if (typeof value !== 'object' || Array.isArray(value)) {
          errors.push(`${at}: expected an object`);
          return;
        }
        const record = value as Record<string, unknown>;
        for (const name of (schema['required'] as string[] | undefined) ?? []) {
          if (!(name in record)) errors.push(`${at}: required property '${name}' missing`);
        }
        const props = (schema['properties'] as Record<string, Schema> | undefined) ?? {};
        for (const [name, sub] of Object.entries(props)) {
          if (name in record && record[name] !== undefined) this.validate(sub, record[name], `${at}.${name}`, errors);
        }
        return;
      }
      case 'array':
        if (!Array.isArray(value)) {
          errors.push(`${at}: expected an array`);
          return;
        }
        if (schema['items']) value.forEach((item, i) => this.validate(schema['items'] as Schema, item, `${at}[${i}]`, errors));
        return;
      case 'string':
        if (typeof value !== 'string') errors.push(`${at}: expected a string`);
        else if (schema['format'] === 'date-time' && Number.isNaN(Date.parse(value))) errors.push(`${at}: not a date-time`);
        else if (schema['format'] === 'uri' && !URL.canParse(value)) errors.push(`${at}: not a URI`);
        return;
      case 'integer':
        if (!Number.isInteger(value)) errors.push(`${at}: expected an integer`);
        return;
      case 'number':
        if (typeof value !== 'number') errors.push(`${at}: expected a number`);
        return;
      case 'boolean':
        if (typeof value !== 'boolean') errors.push(`${at}: expected a boolean`);
        return;
      default:
        return;
    }
  }
}

function jsonSchema(container: Schema): Schema | undefined {
  const content = container['content'] as Record<string, Schema> | undefined;
  return (content?.['application/json']?.['schema'] as Schema | undefined) ?? undefined;
}

/** Query and path values are strings on the wire: read them as their schema's type. */
function coerce(schema: Schema, value: string): unknown {
  if (schema['type'] === 'integer' || schema['type'] === 'number') return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (schema['type'] === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}
