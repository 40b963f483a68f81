// Where a warm PR digest's time goes, phase by phase, in one process (CPU ms and wall ms per phase):
//   npx tsx scripts/cache-phases.ts <git repo> <base> [cache dir]
// The phases repeat what pipeline/prDigest.ts preparePr does, in its order, with the cache filled
// (run `repodigest pr` once with the same --cache-dir first); then preparePr + packPr are timed whole.
// Process start and bundle load are measured outside (README "Cache").
import { performance } from 'node:perf_hooks';

const t0 = { cpu: process.cpuUsage(), wall: performance.now() };
const { openFileCache } = await import('../src/cache/fileCache.js');
const { defaultCacheDir } = await import('../src/cache/cacheDir.js');
const { discoverPythonFiles } = await import('../src/files/discover.js');
const { createSourceReader, DEFAULT_MAX_FILE_BYTES } = await import('../src/files/read.js');
const { assembleIndex } = await import('../src/pipeline/indexRepository.js');
const { loadPythonParser } = await import('../src/python/treeSitter.js');
const { extractFile } = await import('../src/python/extract.js');
const { collectPrChanges } = await import('../src/diff/prChanges.js');
const { runGitDefault } = await import('../src/diff/gitDiff.js');
const { withRemovedSymbols } = await import('../src/diff/changedSymbols.js');
const { redactIndex } = await import('../src/review/redactIndex.js');
const { preparePr } = await import('../src/pr/prepare.js');
const { packPr } = await import('../src/pr/packPr.js');
const { blobId } = await import('../src/cache/cacheKey.js');
const { revisionExtractor } = await import('../src/cache/cachedExtract.js');

const [repoDir, base, dir] = process.argv.slice(2);
if (!repoDir || !base) throw new Error('usage: cache-phases.ts <git repo> <base> [cache dir]');
const rows: [string, number, number][] = [];
let mark = { cpu: process.cpuUsage(), wall: performance.now() };
rows.push(['module load (tsx, not the bundle)', (mark.cpu.user + mark.cpu.system - t0.cpu.user - t0.cpu.system) / 1000, mark.wall - t0.wall]);
function phase(name: string): void {
  const now = { cpu: process.cpuUsage(), wall: performance.now() };
  rows.push([name, (now.cpu.user + now.cpu.system - mark.cpu.user - mark.cpu.system) / 1000, now.wall - mark.wall]);
  mark = { cpu: process.cpuUsage(), wall: performance.now() };
}

const parser = await loadPythonParser();
phase('tree-sitter load');
const cache = openFileCache(dir ?? defaultCacheDir());
// As preparePr does: the changed files' versions from git go through the cache too (untallied).
const changes = await collectPrChanges(repoDir, base, 'HEAD', parser, { git: { runGit: runGitDefault }, extract: revisionExtractor(cache) }, { fetchMissing: false });
phase('git diff + both sides of changed files (through the cache)');
const found = await discoverPythonFiles(repoDir);
phase(`discover (${found.python.length} files)`);
const reader = createSourceReader(repoDir, { maxBytes: DEFAULT_MAX_FILE_BYTES });
const texts = found.python.map((p) => [p, reader.read(p)] as const);
phase('read + decode');
for (const [, r] of texts) if (r.ok) blobId(r.text);
phase('blob ids (sha1)');
const files = [];
for (const [p, r] of texts) {
  if (!r.ok) continue;
  const hit = cache.lookup(p, r.text);
  files.push(hit.record ?? extractFile(parser, p, r.text));
}
phase(`cache lookups incl. blob ids (${cache.stats().hits} hits, ${cache.stats().misses} misses)`);
const index = assembleIndex(repoDir, withRemovedSymbols(files, changes.removedSymbols), []);
phase('assembleIndex (call graph resolution + import names)');
await redactIndex(index);
phase('redaction');
const prepared = await preparePr({ repoDir, base, head: 'HEAD', index: { cache } });
phase('preparePr whole (all of the above again + review, diffs)');
const out = packPr(prepared, { budget: 8000, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
phase(`packPr markdown (first: token encoder load) ${out.totalTokens} tokens`);
packPr(prepared, { budget: 8000, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
phase('packPr markdown again');
for (const [name, cpu, wall] of rows) console.log(`${name.padEnd(70)} ${cpu.toFixed(0).padStart(6)} ms CPU ${wall.toFixed(0).padStart(6)} ms wall`);
