// `repodigest search`: symbols ranked for a question (search/retrieve.ts); JSON contract {"results":[{id,score}]}, best first.
// Each result also carries file, startLine and endLine (added keys; the contract's two are unchanged), so
// a script can open the code without a second lookup.

import type { RepoIndex } from '../../model.js';
import { searchRepository } from '../../pipeline/searchRepository.js';
import { RepoDigestError } from '../../shared/errors.js';
import type { ListFormat } from '../options.js';
import { cliTable } from '../table.js';

export function renderSearchCommand(index: RepoIndex, query: string, top: number, format: ListFormat, terminal = false): string {
  const results = searchRepository(index, query, top);
  if (results.length === 0) {
    throw new RepoDigestError(`No symbol matches the query '${query}'`, 'use words that appear in names, signatures or docstrings');
  }
  if (format === 'json') {
    const rows = results.map((r) => {
      const s = index.byId.get(r.id);
      return { id: r.id, score: round(r.score), ...(s ? { file: s.file, startLine: s.startLine, endLine: s.endLine } : {}) };
    });
    return `${JSON.stringify({ results: rows }, null, 2)}\n`;
  }
  const table = cliTable(['#', 'symbol', 'file:lines', 'score'], terminal);
  results.forEach((r, i) => {
    const s = index.byId.get(r.id);
    table.push([i + 1, r.id, s ? `${s.file}:${s.startLine}-${s.endLine}` : '', round(r.score).toFixed(4)]);
  });
  return `${table.toString()}\n`;
}

/** Scores are printed to 6 decimals so JSON stays byte-stable across platforms' float printing. */
function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
