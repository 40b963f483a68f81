// Test helper: a base and a head version of a real Python project, both extracted with the real
// parser; the head graph built as the PR digest builds it (removed symbols put back as in base).
// Changed symbols are those whose text differs by id; added lines are head lines absent from the
// base file. Nothing is mocked.

import { withRemovedSymbols } from '../../src/diff/changedSymbols.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import type { PySymbol } from '../../src/model.js';
import type { ChangedCallable } from '../../src/review/breakingSites.js';
import { writeAndExtract } from '../pack/pythonProject.js';

const extractAll = async (sources: Record<string, string>) => (await writeAndExtract(sources, 'repodigest-review-')).files;

export async function reviewProject(base: Record<string, string>, head: Record<string, string>) {
  const baseFiles = await extractAll(base);
  const headFiles = await extractAll(head);
  const baseById = new Map(baseFiles.flatMap((f) => f.symbols.map((s) => [s.id, s] as const)));
  const headById = new Map(headFiles.flatMap((f) => f.symbols.map((s) => [s.id, s] as const)));
  // Innermost wins, as in diff/changedSymbols.ts: a symbol changed if its text outside its children did.
  const own = (sym: PySymbol, all: ReadonlyMap<string, PySymbol>): string => {
    let text = sym.full;
    for (const child of all.values()) if (child.parent === sym.id) text = text.replace(child.full, '');
    return text;
  };
  const changed: ChangedCallable[] = [];
  const removedSymbols: PySymbol[] = [];
  for (const [id, s] of headById) {
    const was = baseById.get(id);
    if (!was) changed.push({ id, change: 'added' });
    else if (own(was, baseById) !== own(s, headById)) changed.push({ id, change: 'modified', base: was });
  }
  for (const [id, s] of baseById) {
    if (headById.has(id)) continue;
    changed.push({ id, change: 'removed' });
    removedSymbols.push(s);
  }
  const files = withRemovedSymbols(headFiles, removedSymbols);
  const edges = buildCallGraph(files);
  const symbols = new Map(files.flatMap((f) => f.symbols.map((s) => [s.id, s] as const)));
  const addedLines = new Map<string, Set<number>>();
  for (const [path, text] of Object.entries(head)) {
    const before = new Set((base[path] ?? '').split('\n'));
    const lines = new Set<number>();
    text.split('\n').forEach((line, i) => {
      if (line.trim() !== '' && !before.has(line)) lines.add(i + 1);
    });
    addedLines.set(path, lines);
  }
  return { files, symbols, edges, adjacency: buildAdjacency(edges), changed, addedLines };
}
