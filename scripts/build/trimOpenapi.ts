// The part of GitHub's OpenAPI description the tests' GitHub stand-in serves, kept in the repository
// (__tests__/support/openapi/api.github.com.json) so a fresh `npm ci` does not install the full
// @octokit/openapi package (385 MB unpacked, five API variants, dereferenced copies). The paths the
// stand-in answers are kept whole (every method: route matching prefers the most specific template,
// so neighbours must be there), with every component they reference, transitively.
// `npx tsx scripts/build/trimOpenapi.ts [full.json]` rewrites the file; a test checks it against the
// pinned package (__tests__/support/openapiTrim.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;

/** The paths of the operations the stand-in (__tests__/support/fakeGitHub.ts) answers or matches. */
export const SERVED_PATHS = [
  '/repos/{owner}/{repo}/issues/comments',
  '/repos/{owner}/{repo}/issues/comments/{comment_id}',
  '/repos/{owner}/{repo}/issues/{issue_number}/comments',
  '/repos/{owner}/{repo}/pulls/{pull_number}',
  '/repos/{owner}/{repo}/pulls/{pull_number}/files',
  '/user',
] as const;

export const TRIMMED_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '__tests__', 'support', 'openapi', 'api.github.com.json');

export function trimOpenapi(full: Json): Json {
  const paths = full.paths as Json;
  const kept: Json = {};
  for (const p of SERVED_PATHS) {
    if (paths[p] === undefined) throw new Error(`the description has no path ${p}`);
    kept[p] = paths[p];
  }
  const components = full.components as Record<string, Json>;
  const wanted = new Map<string, Set<string>>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) visit(v);
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') {
          const [, , section, name] = v.split('/') as [string, string, string, string];
          const names = wanted.get(section) ?? new Set<string>();
          if (names.has(name)) continue;
          names.add(name);
          wanted.set(section, names);
          visit(components[section]?.[name]);
        } else visit(v);
      }
    }
  };
  visit(kept);
  const trimmedComponents: Record<string, Json> = {};
  for (const section of [...wanted.keys()].sort()) {
    trimmedComponents[section] = Object.fromEntries([...wanted.get(section)!].sort().map((name) => [name, components[section]![name]]));
  }
  return { openapi: full.openapi, info: full.info, paths: kept, components: trimmedComponents };
}

export function trimmedText(full: Json): string {
  return `${JSON.stringify(trimOpenapi(full), null, 1)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2] ?? createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  writeFileSync(TRIMMED_PATH, trimmedText(JSON.parse(readFileSync(source, 'utf8')) as Json));
  process.stdout.write(`wrote ${TRIMMED_PATH}\n`);
}
