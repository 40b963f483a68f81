// The least an exact on-demand selection must parse for one PR (README "Index on demand"): from the full
// index, the files holding an edge end of a symbol the digest reads (the changed symbols, their
// neighbours, every candidate the packer considered), then the names those files import, followed as
// pipeline/onDemandSelect.ts follows them. Prints the counts and the CPU of extracting and resolving
// that part against extracting every file (warm, in one process; the machine may be shared).
//
// Run: npx tsx scripts/ondemand-minimum.ts <git work tree with the PR at HEAD> [--base REV=HEAD~1] [--budget N=8000]

import { discoverPythonFiles } from '../src/files/discover.js';
import { buildWordIndex } from '../src/files/prefilter.js';
import { createSourceReader } from '../src/files/read.js';
import { buildCallGraph } from '../src/graph/callGraph.js';
import type { FileRecord } from '../src/model.js';
import { preparePrPacks } from '../src/pr/digest.js';
import { buildModuleLookup, type Chase, chaseIn, importChases } from '../src/pr/onDemandSelect.js';
import { extractFile } from '../src/python/extract.js';
import { loadPythonParser } from '../src/python/treeSitter.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = argv.indexOf(name);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1]! : fallback;
};
const dir = argv[0];
if (dir === undefined || dir.startsWith('--')) {
  process.stderr.write('usage: npx tsx scripts/ondemand-minimum.ts <repo> [--base REV] [--budget N]\n');
  process.exit(2);
}
const base = option('--base', 'HEAD~1');
const pack = { budget: Number(option('--budget', '8000')), encoding: 'o200k_base' as const, format: 'markdown' as const, signaturesOnly: false, resolution: 'all' as const };
const { prepared, results } = await preparePrPacks({ repoDir: dir, base, head: 'HEAD', index: {}, fullIndex: true }, [pack]);
const index = prepared.index;
const changed = new Set(prepared.entries.map((e) => e.id));
const near = new Set<string>(changed);
for (const e of index.edges) { if (e.kind === 'contains') continue; if (changed.has(e.from)) near.add(e.to); if (changed.has(e.to)) near.add(e.from); }
const considered = new Set<string>([...near, ...changed, ...prepared.roots]);
for (const r of results) { for (const p of r.packed) considered.add(p.id); for (const s of r.skipped) if (s.considered !== false) considered.add(s.id); }
const ends = new Set<string>();
for (const id of considered) { const s = index.byId.get(id); if (s) ends.add(s.file); }
for (const e of index.edges) { if (e.kind === 'contains') continue; if (considered.has(e.to)) { const f = index.byId.get(e.from)?.file; if (f) ends.add(f); } if (considered.has(e.from)) { const f = index.byId.get(e.to)?.file; if (f) ends.add(f); } }
const d = await discoverPythonFiles(dir);
const reader = createSourceReader(dir, { maxBytes: 1e7 });
const paths = d.python; const texts = paths.map((p) => { const r = reader.read(p); return r.ok ? r.text : ''; });
const corpus = { paths, words: buildWordIndex(texts) };
const modules = buildModuleLookup(paths);
const parser = await loadPythonParser();
const records = new Map<number, FileRecord>();
const parseOne = (i: number) => { let r = records.get(i); if (!r) records.set(i, (r = extractFile(parser, paths[i]!, texts[i]!))); return r; };
const queue: Chase[] = []; const chased = new Set<string>();
const number = new Map(paths.map((p, i) => [p, i]));
for (const f of ends) { const i = number.get(f)!; queue.push(...importChases(parseOne(i), i, corpus, modules)); }
// Chases keyed as onDemandPr.ts keys them.
while (queue.length) {
  const c = queue.pop()!;
  const k = `${c.file}\0${c.name}\0${c.name === '' || c.name === '*' ? c.spelledBy : ''}`;
  if (chased.has(k)) continue;
  chased.add(k);
  queue.push(...chaseIn(parseOne(c.file), c, corpus, modules));
}
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
// Warm-up (JIT) first, so both measures run the same compiled code.
for (const [i] of records) extractFile(parser, paths[i]!, texts[i]!);
paths.forEach((p, i) => extractFile(parser, p, texts[i]!));
const t0 = cpu(); const recs = [...records.keys()].map((i) => extractFile(parser, paths[i]!, texts[i]!)); const t1 = cpu();
buildCallGraph(recs); const t2 = cpu();
paths.forEach((p, i) => extractFile(parser, p, texts[i]!)); const t3 = cpu();
console.log(`considered ${considered.size}; files with an edge end ${ends.size}; with their chases ${records.size} of ${paths.length}`);
console.log(`extract those ${(t1 - t0).toFixed(0)} ms, resolve them ${(t2 - t1).toFixed(0)} ms; extract all ${(t3 - t2).toFixed(0)} ms`);
