// Turns what the user asked for into root symbol ids.
// - A symbol id (`pkg.mod.Class.method`) is itself the root; a path-based id of a source-root layout
//   (`src.flask.app.Flask`) is taken as the import-name id the index uses (`flask.app.Flask`).
// - A file (`pkg/mod.py`, also `./pkg/mod.py` or an absolute path inside the root) roots at its
//   top-level definitions; a file with none roots at its module symbol.
// - A query roots at its best search hits (search/retrieve.ts): every hit scoring at least ROOT_CUTOFF
//   (80%) of the best, at most MAX_QUERY_ROOTS (3), best first. A question often spans two or three
//   functions (the caller that misbehaves and the helper it uses), and a near-tie says the ranking cannot
//   tell them apart; one clear winner stays the only root. A best score of zero is an error, never an
//   empty pack.
import { isAbsolute, relative, resolve } from 'node:path';
import type { RepoIndex } from '../model.js';
import { closestIds } from '../search/suggest.js';
import { RepoDigestError } from '../shared/errors.js';
import { importIdOf } from './indexRepository.js';
import { searchRepository } from './searchRepository.js';

export const ROOT_CUTOFF = 0.8;
export const MAX_QUERY_ROOTS = 3;

export type Target = { entry: string } | { query: string };

export interface ResolvedTarget {
  roots: string[];
  /** How the roots were chosen, for headers and logs. */
  description: string;
}

export function resolveTarget(index: RepoIndex, target: Target): ResolvedTarget {
  // The API takes targets from untyped callers too: exactly one of the two, as a string, like the CLI.
  const t = (target ?? {}) as { entry?: unknown; query?: unknown };
  const given = [t.entry, t.query].filter((v) => v !== undefined);
  if (given.length !== 1 || typeof given[0] !== 'string') {
    throw new RepoDigestError('A target needs exactly one of entry or query, as a string', "e.g. { entry: 'pkg.mod.func' } or { query: 'where are discounts applied' }");
  }
  if (typeof t.query === 'string') return resolveQuery(index, t.query);
  return resolveEntry(index, t.entry as string);
}

function resolveEntry(index: RepoIndex, entry: string): ResolvedTarget {
  if (index.byId.has(entry)) return { roots: [entry], description: `symbol ${entry}` };
  const renamed = importIdOf(index)(entry);
  if (renamed !== entry && index.byId.has(renamed)) return { roots: [renamed], description: `symbol ${renamed} (given as ${entry})` };
  const file = asRelativeFile(index.root, entry);
  if (file !== undefined) {
    const record = index.files.find((f) => f.path === file);
    if (record) {
      const moduleId = record.symbols[0]?.id;
      const topLevel = record.symbols.filter((s) => s.parent !== undefined && s.parent === moduleId && index.byId.get(s.id) === s);
      const roots = topLevel.length > 0 ? topLevel.map((s) => s.id) : moduleId ? [moduleId] : [];
      if (roots.length > 0) return { roots, description: `file ${file}` };
    }
    const skipped = index.skippedFiles.find((s) => s.path === file);
    if (skipped) throw new RepoDigestError(`Entry '${entry}' was not analysed: ${skipped.reason}`);
  }
  const suggestions = closestIds(entry, index.symbols.map((s) => s.id));
  const files = index.files.map((f) => f.path).filter((p) => p.endsWith(entry.replace(/^\.\//, '')));
  const hints = [...suggestions, ...files.slice(0, 2)];
  throw new RepoDigestError(
    `Unknown entry '${entry}': no symbol id or Python file by that name`,
    hints.length > 0 ? `did you mean ${hints.map((h) => `'${h}'`).join(', ')}?` : 'run `repodigest graph <path>` to list symbol ids',
  );
}

function asRelativeFile(root: string, entry: string): string | undefined {
  if (!entry.endsWith('.py') && !entry.includes('/') && !entry.includes('\\')) return undefined;
  const absolute = isAbsolute(entry) ? entry : resolve(root, entry);
  const rel = relative(resolve(root), absolute).split('\\').join('/');
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel;
}

/** Characters of a query the title quotes: a pasted bug report runs to thousands of words. */
const QUOTED_QUERY_CHARS = 100;

/** The query on one line, cut at a word boundary after at most QUOTED_QUERY_CHARS characters, with its length when cut. */
export function shortQuote(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  if (flat.length <= QUOTED_QUERY_CHARS) return flat;
  const cut = flat.slice(0, QUOTED_QUERY_CHARS);
  const space = cut.lastIndexOf(' ');
  const words = flat.split(' ').length;
  return `${(space > QUOTED_QUERY_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}… (${words} words)`;
}

function resolveQuery(index: RepoIndex, query: string): ResolvedTarget {
  if (query.trim() === '') throw new RepoDigestError('The query is empty', 'give a query of a few words');
  const hits = searchRepository(index, query, MAX_QUERY_ROOTS);
  const best = hits[0];
  if (!best || best.score <= 0) {
    throw new RepoDigestError(
      `No symbol matches the query '${shortQuote(query)}'`,
      'use words that appear in names, signatures or docstrings, or give an entry: a symbol id or a file',
    );
  }
  const roots = hits.filter((hit) => hit.score >= ROOT_CUTOFF * best.score).map((hit) => hit.id);
  const matches = roots.length === 1 ? `best match ${best.id}` : `best matches ${roots.join(', ')}`;
  return { roots, description: `query "${shortQuote(query)}", ${matches}` };
}
