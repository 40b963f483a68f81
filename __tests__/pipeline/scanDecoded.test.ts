// A record read from the cache is kept as JSON.parse made it while the heap is small; a record
// extracted in the run is always compacted (python/compactRecord.ts shares equal references across
// files). Either way the index is the same value.
import { afterAll, expect, test } from 'vitest';
import { openFileCache } from '../../src/cache/fileCache.js';
import type { FileRecord } from '../../src/model.js';
import { scanRepository } from '../../src/pipeline/indexRepository.js';
import { COMPACT_DECODED_ABOVE, compactsDecoded } from '../../src/python/compactRecord.js';
import { tempTree } from '../cli/cliHarness.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const SOURCE = 'import os\n\n\ndef f():\n    return os.path.join("a", "b")\n';

/** The callee of the one call to `os.path.join` in the file at `path`. */
function joinCallee(files: readonly FileRecord[], path: string): unknown {
  const f = files.find((file) => file.path === path)!.symbols.find((s) => s.name === 'f')!;
  return f.calls.find((c) => c.callee.t === 'attr' && c.callee.attr === 'join')!.callee;
}

test('decoded records are kept as read while the heap is small; extracted ones are compacted; the records are equal', async () => {
  const root = tempTree({ 'a.py': SOURCE, 'b.py': SOURCE });
  const folder = makeTempDir('repodigest-decoded-');

  const cold = openFileCache(folder);
  const extracted = await scanRepository(root, { cache: cold });
  expect(extracted.files.some((f) => cold.decoded(f))).toBe(false);
  // Compacted: the two files' equal references are one object.
  expect(joinCallee(extracted.files, 'a.py')).toBe(joinCallee(extracted.files, 'b.py'));

  const warm = openFileCache(folder);
  const read = await scanRepository(root, { cache: warm, heapInUse: () => COMPACT_DECODED_ABOVE - 1 });
  expect(warm.stats().hits).toBe(2);
  expect(read.files.every((f) => warm.decoded(f))).toBe(true);
  // As JSON.parse made them: one object per occurrence, equal in value.
  expect(joinCallee(read.files, 'a.py')).not.toBe(joinCallee(read.files, 'b.py'));
  expect(joinCallee(read.files, 'a.py')).toEqual(joinCallee(read.files, 'b.py'));
  expect(read.files).toEqual(extracted.files);
});

test('decoded records are compacted once the heap in use reaches the threshold', async () => {
  expect(compactsDecoded(0)).toBe(false);
  expect(compactsDecoded(COMPACT_DECODED_ABOVE - 1)).toBe(false);
  expect(compactsDecoded(COMPACT_DECODED_ABOVE)).toBe(true);
  const root = tempTree({ 'a.py': SOURCE, 'b.py': SOURCE });
  const folder = makeTempDir('repodigest-decoded-');
  await scanRepository(root, { cache: openFileCache(folder) });
  const warm = openFileCache(folder);
  const read = await scanRepository(root, { cache: warm, heapInUse: () => COMPACT_DECODED_ABOVE });
  expect(warm.stats().hits).toBe(2);
  expect(joinCallee(read.files, 'a.py')).toBe(joinCallee(read.files, 'b.py'));
});
