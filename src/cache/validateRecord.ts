// Structural check of a decoded cache payload against model.ts's FileRecord, before anything uses it.
// The checksum (entryCodec.ts) catches damage; this catches an entry that is well formed JSON but not
// a record of this file (a hand-made or hostile entry, or one from a build whose format version was not
// bumped): every field the pipeline reads is checked for its type, down to each RefExpr. Returns the
// first problem as a short phrase, or undefined. `full` may be null: the codec elides it. An entry
// keeps the symbols' facts (calls, bindings, imports) apart, decoded when first read (lazyFacts.ts):
// validateRecord checks the rest, factsProblem the facts.
type Obj = Record<string, unknown>;

const KINDS = new Set(['module', 'class', 'function', 'method']);
const PARAM_KINDS = new Set(['positional_only', 'regular', 'var_positional', 'keyword_only', 'var_keyword']);
const VIA = new Set(['call', 'decorator', 'access']);
/** RefExpr nests three levels for literals plus chains; anything far deeper is not ours. */
const MAX_DEPTH = 200;

export function validateRecord(value: unknown, path: string): string | undefined {
  if (!isObj(value)) return 'not an object';
  if (value.path !== path) return 'path differs';
  if (!isStr(value.module) || typeof value.partial !== 'boolean' || !isInt(value.lineCount)) return 'file fields';
  if (!isStrArray(value.notes)) return 'notes';
  if (!Array.isArray(value.symbols) || value.symbols.length === 0) return 'symbols';
  for (const s of value.symbols) {
    const problem = symbolProblem(s, path);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function symbolProblem(s: unknown, path: string): string | undefined {
  if (!isObj(s)) return 'symbol not an object';
  const at = isStr(s.id) ? `symbol ${s.id}` : 'symbol id';
  if (!isStr(s.id) || s.file !== path || !isStr(s.module) || !isStr(s.name) || !KINDS.has(s.kind as string)) return at;
  if (!isInt(s.startLine) || !isInt(s.endLine) || s.endLine < s.startLine || typeof s.isAsync !== 'boolean') return `${at}: lines`;
  if (!(s.full === null || isStr(s.full)) || !isStr(s.signature)) return `${at}: text`;
  if (!optStr(s.parent) || !optStr(s.spelledAs) || !optStr(s.docstring) || !optStr(s.returns)) return `${at}: names`;
  if (!isStrArray(s.decorators) || !isStrArray(s.bases) || (s.all !== undefined && !isStrArray(s.all))) return `${at}: lists`;
  if (!Array.isArray(s.params) || !s.params.every(isParam)) return `${at}: params`;
  if (!optRefs(s.returnValues) || !optRefs(s.yieldValues)) return `${at}: values`;
  if ('calls' in s || 'bindings' in s || 'imports' in s) return `${at}: facts inside the symbol`;
  return undefined;
}

/** Whether `value` is one [calls, bindings, imports] per symbol of `ids` (the symbols' ids, in order). */
export function factsProblem(value: unknown, ids: readonly string[]): string | undefined {
  if (!Array.isArray(value) || value.length !== ids.length) return 'facts: not one per symbol';
  for (let i = 0; i < ids.length; i++) {
    const facts: unknown = value[i];
    const at = `symbol ${ids[i]!}`;
    if (!Array.isArray(facts) || facts.length !== 3) return `${at}: facts`;
    const [calls, bindings, imports] = facts as unknown[];
    if (!Array.isArray(calls) || !calls.every(isCall)) return `${at}: calls`;
    if (!Array.isArray(bindings) || !bindings.every(isBinding)) return `${at}: bindings`;
    if (!Array.isArray(imports) || !imports.every(isImport)) return `${at}: imports`;
  }
  return undefined;
}

function isParam(p: unknown): boolean {
  return isObj(p) && isStr(p.name) && PARAM_KINDS.has(p.kind as string) && optStr(p.annotation) && optStr(p.default);
}

function isCall(c: unknown): boolean {
  if (!isObj(c) || !isRef(c.callee, 0) || !isInt(c.line) || !VIA.has(c.via as string)) return false;
  if (c.args !== undefined && !(Array.isArray(c.args) && c.args.every((a) => isRef(a, 0)))) return false;
  if (c.keywords !== undefined && !(Array.isArray(c.keywords) && c.keywords.every((k) => isObj(k) && isStr(k.name) && isRef(k.value, 0)))) return false;
  return c.shape === undefined || isShape(c.shape);
}

function isShape(s: unknown): boolean {
  return (
    isObj(s) &&
    isInt(s.positional) &&
    (s.keywords === undefined || isStrArray(s.keywords)) &&
    optTrue(s.star) &&
    optTrue(s.doubleStar) &&
    optTrue(s.unread)
  );
}

function isBinding(b: unknown): boolean {
  return isObj(b) && isStrArray(b.target) && isInt(b.line) && optTrue(b.adds) && (b.value === undefined || isRef(b.value, 0)) && optStr(b.annotation);
}

function isImport(i: unknown): boolean {
  if (!isObj(i) || !isInt(i.line) || !isStr(i.module) || !optStr(i.alias)) return false;
  if (i.kind === 'import') return true;
  return i.kind === 'from' && isInt(i.level) && isStr(i.name);
}

function isRef(r: unknown, depth: number): boolean {
  if (!isObj(r) || depth > MAX_DEPTH) return false;
  switch (r.t) {
    case 'name':
      return isStr(r.name);
    case 'attr':
      return isStr(r.attr) && isRef(r.object, depth + 1);
    case 'call':
      return isRef(r.callee, depth + 1);
    case 'super':
    case 'other':
      return true;
    case 'subscript':
      return isRef(r.object, depth + 1);
    case 'iter':
      return isRef(r.object, depth + 1) && optInt(r.at) && optInt(r.star);
    case 'elements':
      return (
        Array.isArray(r.items) &&
        r.items.every((x) => isRef(x, depth + 1)) &&
        optTrue(r.dict) &&
        (r.positions === undefined || (Array.isArray(r.positions) && r.positions.every(isInt))) &&
        optInt(r.size)
      );
    default:
      return false;
  }
}

function optRefs(v: unknown): boolean {
  return v === undefined || (Array.isArray(v) && v.every((r) => isRef(r, 0)));
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isStr(v: unknown): v is string {
  return typeof v === 'string';
}
function isInt(v: unknown): v is number {
  return Number.isSafeInteger(v);
}
function optStr(v: unknown): boolean {
  return v === undefined || isStr(v);
}
function optInt(v: unknown): boolean {
  return v === undefined || isInt(v);
}
function optTrue(v: unknown): boolean {
  return v === undefined || v === true;
}
function isStrArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every(isStr);
}
