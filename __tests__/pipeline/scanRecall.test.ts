// A PR digest extracts its changed files' head versions from git before the tree is scanned; without a
// cache the scan takes those records again instead of extracting the same text a second time
// (IndexOptions.recall), with a cache the cache serves them (and counts them) as before.
import { afterAll, expect, test } from 'vitest';
import { openFileCache } from '../../src/cache/fileCache.js';
import { scanRepository } from '../../src/pipeline/indexRepository.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';
import { memoisedExtract } from '../../src/pr/runMemo.js';
import { tempTree } from '../cli/cliHarness.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const APP = 'def f():\n    return 1\n';
const UTIL = 'def g():\n    return 2\n';

test('recall answers only what the memo extracted, each time with its own copy', async () => {
  const parser = await loadPythonParser();
  const memo = memoisedExtract(extractFile);
  expect(memo.recall('app.py', APP)).toBeUndefined();
  const first = memo(parser, 'app.py', APP);
  const again = memo.recall('app.py', APP);
  expect(again).toEqual(first);
  expect(again).not.toBe(first);
  expect(memo.recall('app.py', `${APP}\n`)).toBeUndefined();
  expect(memo.recall('other.py', APP)).toBeUndefined();
});

test('the scan takes a recalled record without a cache, and the cache with one', async () => {
  const root = tempTree({ 'app.py': APP, 'util.py': UTIL });
  const parser = await loadPythonParser();
  const recalled = extractFile(parser, 'app.py', APP);
  recalled.notes.push('marked: recalled, not extracted by the scan');
  const asked: string[] = [];
  const recall = (path: string, text: string) => (asked.push(path), path === 'app.py' && text === APP ? structuredClone(recalled) : undefined);

  const plain = await scanRepository(root, { recall });
  expect(asked.sort()).toEqual(['app.py', 'util.py']);
  const app = plain.files.find((f) => f.path === 'app.py')!;
  expect(app.notes).toContain('marked: recalled, not extracted by the scan');
  // What the scan makes of it is what it makes of its own extraction, the mark aside.
  const own = (await scanRepository(root)).files.find((f) => f.path === 'app.py')!;
  expect({ ...app, notes: [] }).toEqual({ ...own, notes: [] });
  expect(plain.files.find((f) => f.path === 'util.py')!.notes).not.toContain('marked: recalled, not extracted by the scan');

  asked.length = 0;
  const cache = openFileCache(makeTempDir('repodigest-recall-cache-'));
  const cached = await scanRepository(root, { recall, cache });
  expect(asked).toEqual([]);
  expect(cached.files.find((f) => f.path === 'app.py')!.notes).not.toContain('marked: recalled, not extracted by the scan');
  expect(cache.stats().written).toBe(2);
});
