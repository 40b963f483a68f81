// Dumps every edge the resolver makes for a Python tree, one tab-separated line each, in the
// resolver's order (sorted by from, to, kind): from, to, kind, resolution, confidence, lines (files over 1 MiB skipped, as by the bench). Two builds that must agree edge for edge (a
// performance change to resolution) are compared with `cmp` on their dumps.
// Run: npx tsx scripts/eval/callgraphEdges.ts <dir> [--parameter-flow | --no-parameter-flow] > edges.tsv
import { readFileSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { buildCallGraph, type CallGraphOptions } from '../../src/graph/callGraph.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';
import { pythonFiles } from './callgraph.js';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) throw new Error('usage: npx tsx scripts/eval/callgraphEdges.ts <dir> [--parameter-flow | --no-parameter-flow]');
  const options: CallGraphOptions = process.argv.includes('--parameter-flow') ? { parameterFlow: true } : process.argv.includes('--no-parameter-flow') ? { parameterFlow: false } : {};
  const parser = await loadPythonParser();
  // Files over 1 MiB are skipped, as by the bench and `--cost` (their parse may hit the time limit under load).
  const paths = pythonFiles(dir).filter((p) => statSync(p).size <= 1024 * 1024);
  const files = paths.map((p) => extractFile(parser, relative(dir, p).split(sep).join('/'), readFileSync(p, 'utf8')));
  const edges = buildCallGraph(files, options);
  const lines = edges.map((e) => [e.from, e.to, e.kind, e.resolution, e.confidence ?? '', (e.lines ?? []).join(',')].join('\t'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
