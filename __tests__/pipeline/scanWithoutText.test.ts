// IndexOptions.keepText false (python/dropText.ts, used by `graph`): the same graph, no code kept, and the
// files' text no longer alive once the scan is done (checked in a real heap snapshot of this process).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapSnapshot } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileCache } from '../../src/cache/fileCache.js';
import { assembleIndex, scanRepository } from '../../src/pipeline/indexRepository.js';

const root = mkdtempSync(join(tmpdir(), 'repodigest-textless-'));
// Built at run time, so this test's own source does not hold it; the files hold it at their very start.
const marker = `textless_${randomUUID().replaceAll('-', '_')}`;

function writeRepository(): void {
  mkdirSync(join(root, 'pkg'));
  writeFileSync(join(root, 'pkg/__init__.py'), '');
  writeFileSync(
    join(root, 'pkg/service.py'),
    `# ${marker}
from .helpers import normalise_every_record as normalise, long_helper_name_here


class RecordService(BaseServiceWithAVeryLongName):
    """Loads records and normalises them."""

    @decorated_with_a_rather_long_decorator_name(option="a default value that is long enough")
    def load_all_records(self, source_of_records: "RecordSource" = DEFAULT_SOURCE_OF_RECORDS) -> "list[Record]":
        records = source_of_records.fetch_everything()
        return [normalise(r) for r in records] + long_helper_name_here(records)
`,
  );
  writeFileSync(
    join(root, 'pkg/helpers.py'),
    `# ${marker}
def normalise_every_record(record):
    return record.strip()


def long_helper_name_here(records):
    return [normalise_every_record(r) for r in records]
`,
  );
}
writeRepository();
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Whether any string alive in this process starts with the marker (a heap snapshot collects garbage first). */
async function markerAlive(): Promise<boolean> {
  let text = '';
  for await (const chunk of getHeapSnapshot()) text += String(chunk);
  return text.includes(`"# ${marker}`);
}

describe('scanRepository with keepText: false', () => {
  it('gives the same graph with every symbol text empty', async () => {
    const full = await scanRepository(root, {});
    const textless = await scanRepository(root, { keepText: false });
    const graph = (files: typeof full.files) => assembleIndex(root, files, []);
    const [a, b] = [graph(full.files), graph(textless.files)];
    expect(b.edges).toEqual(a.edges);
    expect(b.edges.length).toBeGreaterThan(2);
    const strip = (s: (typeof a.symbols)[number]) => ({ ...s, full: '', signature: '', docstring: undefined });
    expect(b.symbols).toEqual(a.symbols.map(strip));
    expect(a.symbols.some((s) => s.full.includes(marker))).toBe(true);
    for (const s of b.symbols) expect([s.full, s.signature, s.docstring]).toEqual(['', '', undefined]);
  });

  it('fills the cache with the code all the same: a later scan that keeps text reads it from there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'repodigest-textless-cache-'));
    try {
      const cache = openFileCache(dir);
      await scanRepository(root, { cache, keepText: false });
      const fromCache = await scanRepository(root, { cache });
      expect(cache.stats().hits).toBe(3);
      const fresh = await scanRepository(root, {});
      expect(fromCache.files).toEqual(fresh.files);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps none of the files text alive, where a normal scan keeps it', async () => {
    // Each scan's records are held while the heap is looked at; the first ones are gone by the second look.
    const aliveWhileHolding = async (keepText: boolean) => {
      const scanned = await scanRepository(root, keepText ? {} : { keepText });
      const alive = await markerAlive();
      expect(scanned.files.length).toBe(3);
      return alive;
    };
    expect(await aliveWhileHolding(true)).toBe(true);
    expect(await aliveWhileHolding(false)).toBe(false);
  }, 60_000);
});
