// A cache entry's facts (each symbol's calls, bindings and imports) are decoded when first read, once
// for the file: until then nothing about them shows, and after it every reader (a field read, a copy,
// JSON, a write, the compactor) sees what the extracted record holds.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractCached } from '../../src/cache/cachedExtract.js';
import { openFileCache } from '../../src/cache/fileCache.js';
import { adjustFactsWhenRead, copyRecord, copySymbol, factsPending, plainFacts, recordJson } from '../../src/cache/lazyFacts.js';
import type { FileRecord } from '../../src/model.js';
import { prDigest } from '../../src/pr/digest.js';
import { createRecordCompactor } from '../../src/python/compactRecord.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';
import { makeRepo, makeTempDir, removeTempDirs } from '../support/testRepo.js';

const PATH = 'pkg/service.py';
const TEXT = `
import os.path as osp
from .util import helper, CONST as C

class Service(Base):
    def run(self, *args, key=None):
        items = []
        items.append(helper(1, key=key))
        return osp.join(self.root, *args)

    def idle(self):
        pass

def main():
    Service().run(C)
`;

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});
afterAll(removeTempDirs);

const named = (name: string) => (s: { id: string }) => s.id.split('.').pop() === name;

/** The record as a second run reads it: from the entry the first run wrote. */
function decoded(path = PATH, text = TEXT): FileRecord {
  const dir = makeTempDir('repodigest-cache-');
  extractCached(parser, path, text, openFileCache(dir));
  const cache = openFileCache(dir);
  const record = extractCached(parser, path, text, cache);
  expect(cache.stats()).toMatchObject({ hits: 1, problems: [] });
  return record;
}

describe('facts decoded when first read', () => {
  test('pending after the lookup, decoded for every symbol of the file by the first read, equal to extraction', () => {
    const record = decoded();
    expect(factsPending(record)).toBe(true);
    expect(record.symbols.find(named('idle'))!.calls).toEqual([]);
    expect(factsPending(record)).toBe(false);
    expect(record).toStrictEqual(extractFile(parser, PATH, TEXT));
  });

  test('a copy reads them: spread, structuredClone, JSON, and copySymbol without decoding them', () => {
    const fresh = extractFile(parser, PATH, TEXT);
    const run = fresh.symbols.find(named('run'))!;
    expect({ ...decoded().symbols.find(named('run'))! }).toStrictEqual(run);
    expect(structuredClone(decoded().symbols.find(named('run'))!)).toStrictEqual(run);
    expect(recordJson(decoded())).toBe(recordJson(fresh));

    const record = decoded();
    const copy = copySymbol(record.symbols.find(named('run'))!, { id: 'renamed.Service.run' });
    expect(factsPending(record)).toBe(true);
    expect(Object.keys(copy)).toEqual(Object.keys(record.symbols.find(named('run'))!));
    expect(copy).toStrictEqual({ ...run, id: 'renamed.Service.run' });
  });

  test('copyRecord leaves them pending in the record and in each copy; each copy reads its own', () => {
    const fresh = extractFile(parser, PATH, TEXT);
    const record = decoded();
    const a = copyRecord(record);
    const b = copyRecord(record);
    expect(factsPending(record)).toBe(true);
    expect(factsPending(a)).toBe(true);
    expect(Object.keys(a)).toEqual(Object.keys(record));
    expect(Object.keys(a.symbols[1]!)).toEqual(Object.keys(record.symbols[1]!));
    expect(a.symbols[1]).not.toBe(record.symbols[1]);
    // Reading one copy's facts decodes the record's once, and copies them: the other copy stays pending.
    const main = a.symbols.find(named('main'))!;
    expect(main.calls).toEqual(fresh.symbols.find(named('main'))!.calls);
    expect(factsPending(record)).toBe(false);
    expect(factsPending(b)).toBe(true);
    expect(main.calls).not.toBe(record.symbols.find(named('main'))!.calls);
    main.calls[0]!.line = 999;
    main.calls = [];
    expect(b).toStrictEqual(fresh);
    expect(record).toStrictEqual(fresh);
    // A record whose facts are fields already is copied whole.
    const plain = copyRecord(fresh);
    expect(plain).toStrictEqual(fresh);
    expect(plain.symbols[1]!.calls).not.toBe(fresh.symbols[1]!.calls);
  });

  test('a write to a decoded symbol\'s facts is kept', () => {
    const record = decoded();
    const main = record.symbols.find(named('main'))!;
    expect(main.calls.length).toBeGreaterThan(0);
    main.calls = [];
    expect(main.calls).toEqual([]);
    expect(JSON.parse(recordJson(record).split('\n')[1]!)[record.symbols.indexOf(main)][0]).toEqual([]);
  });

  test('the scan\'s compactor leaves them pending and compacts them when they are read', () => {
    const record = createRecordCompactor(false, adjustFactsWhenRead)(decoded());
    expect(factsPending(record)).toBe(true);
    const idle = record.symbols.find(named('idle'))!;
    // An empty list compacted is the one frozen list; decoded as JSON.parse made it, it is not frozen.
    expect(Object.isFrozen(idle.calls)).toBe(true);
    expect(Object.isFrozen(decoded().symbols.find(named('idle'))!.calls)).toBe(false);
    expect(record).toStrictEqual(createRecordCompactor()(extractFile(parser, PATH, TEXT)));
  });
});

describe('a warm PR digest', () => {
  test('reads the facts of the files its review looks at, and prints what a run without a cache prints', async () => {
    const repo = makeRepo();
    const files: Record<string, string> = { 'src/app/__init__.py': '' };
    for (let i = 0; i < 12; i++) files[`src/app/mod${i}.py`] = `from app.core import helper\n\n\ndef job${i}(x):\n    return helper(x) + ${i}\n`;
    files['src/app/core.py'] = 'def helper(x):\n    return x * 2\n';
    repo.write(files);
    repo.commit('base');
    repo.write({ 'src/app/core.py': 'def helper(x, factor=2):\n    return x * factor\n' });
    repo.commit('change');
    const request = { repoDir: repo.dir, base: 'HEAD~1', head: 'HEAD', fullIndex: true, pack: { budget: 3000, encoding: 'o200k_base' as const, format: 'markdown' as const, signaturesOnly: false, resolution: 'all' as const } };
    const plain = await prDigest(request);
    const dir = makeTempDir('repodigest-cache-');
    await prDigest({ ...request, index: { cache: openFileCache(dir) } });
    const cache = openFileCache(dir);
    const warm = await prDigest({ ...request, index: { cache } });
    expect(cache.stats()).toMatchObject({ graph: 'reused', problems: [] });
    expect(warm.result.content).toBe(plain.result.content);
    // The src/ layout renames every module (app.mod0, not src.app.mod0): the copies keep facts pending too.
    expect(warm.index.files.map((f) => f.module)).toContain('app.mod0');
    const pending = warm.index.files.filter(factsPending).map((f) => f.path);
    expect(pending.length).toBeGreaterThanOrEqual(12);

    // Another commit: its tree's graph is not cached, so every record read from the cache is resolved.
    repo.write({ 'src/app/mod3.py': 'from app.core import helper\n\n\ndef job3(x):\n    return helper(x, factor=3)\n' });
    repo.commit('another change');
    const next = openFileCache(dir);
    const resolved = await prDigest({ ...request, index: { cache: next } });
    expect(next.stats()).toMatchObject({ graph: 'saved', problems: [] });
    expect(next.stats().hits).toBeGreaterThanOrEqual(12);
    expect(resolved.result.content).toBe((await prDigest(request)).result.content);
    expect(resolved.index.files.filter(factsPending)).toEqual([]);
  });
});

describe('plainFacts', () => {
  test('decodes the facts and makes every symbol that read them through accessors a plain object with the same fields', () => {
    const record = decoded();
    const symbols = record.symbols;
    plainFacts([record]);
    expect(record.symbols).not.toBe(symbols);
    for (const s of record.symbols) expect(Object.getOwnPropertyDescriptor(s, 'calls')).toHaveProperty('value');
    expect(record).toStrictEqual(extractFile(parser, PATH, TEXT));
    // A record without accessors is left as it is.
    const fresh = extractFile(parser, PATH, TEXT);
    const freshSymbols = fresh.symbols;
    plainFacts([fresh]);
    expect(fresh.symbols).toBe(freshSymbols);
  });
});
