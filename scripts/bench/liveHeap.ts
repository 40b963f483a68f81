// Where a PR digest's live heap stands between its phases: the full-index digest of a repository's last
// commit, in this process, with the heap measured after a full collection at five points (every file
// scanned and the project indexed, the resolver's pass at its last file, redaction done, the digest
// prepared, the pack done). The peak of a large run is one of these; docs/benchmarks.md reads them.
//
// Usage: node --expose-gc --import tsx scripts/bench/liveHeap.ts <repo> [--base HEAD~1] [--budget 8000] [--cache-dir DIR]
// (without --cache-dir: no cache, as `--no-cache`)
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openFileCache } from '../../src/cache/fileCache.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { base: { type: 'string', default: 'HEAD~1' }, budget: { type: 'string', default: '8000' }, 'cache-dir': { type: 'string' } } });
const gc = (globalThis as { gc?: () => void }).gc;
const repo = positionals[0];
if (!gc || repo === undefined) {
  process.stderr.write('usage: node --expose-gc --import tsx scripts/bench/liveHeap.ts <repo> [--base HEAD~1] [--budget 8000] [--cache-dir DIR]\n');
  process.exit(2);
}

const live = (point: string): void => {
  gc();
  process.stdout.write(`${point.padEnd(34)} ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1).padStart(8)} MB live\n`);
};

await preparePrPacks(
  {
    repoDir: repo,
    base: values.base,
    head: 'HEAD',
    fullIndex: true,
    index: {
      ...(values['cache-dir'] === undefined ? {} : { cache: openFileCache(resolve(values['cache-dir'])) }),
      // Told before each file's sites are resolved: at 1 every file is scanned and indexed; at the total, the last file is next.
      onResolve: (done, total) => {
        if (done === 1) live('files scanned, project indexed');
        if (done === total) live('resolver at its last file');
      },
    },
    onStep: (phase, done) => {
      if (phase === 'review' && done === 1) live('resolved and redacted');
    },
  },
  [withPackDefaults({ budget: Number(values.budget) })],
  { onPrepared: () => live('digest prepared') },
);
live('packed');
