// What a copy of one file's record costs: structuredClone against the plain copy (shared/copyPlain.ts)
// the PR digest makes of a changed file's record for each of its readers (pr/runMemo.ts). Extracts the
// named files of a repository once, then copies each record 20 times each way, 3 rounds; prints ms per
// record.
//
// Usage: npx tsx scripts/bench/recordCopy.ts ROOT FILE...
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyPlain } from '../../src/shared/copyPlain.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

const [root, ...files] = process.argv.slice(2);
if (!root || files.length === 0) {
  process.stderr.write('usage: npx tsx scripts/bench/recordCopy.ts ROOT FILE...\n');
  process.exit(2);
}
const parser = await loadPythonParser();
const records = files.map((file) => extractFile(parser, file, readFileSync(join(root, file), 'utf8')));
const perRecord = (copy: (record: unknown) => unknown): string => {
  const start = performance.now();
  for (let i = 0; i < 20; i++) for (const record of records) copy(record);
  return ((performance.now() - start) / (20 * records.length)).toFixed(2);
};
for (const round of [1, 2, 3]) {
  process.stdout.write(`round ${round}: structuredClone ${perRecord(structuredClone)} ms, plain copy ${perRecord(copyPlain)} ms per record\n`);
}
