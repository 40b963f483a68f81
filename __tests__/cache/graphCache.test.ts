// The whole tree's call graph through the cache (src/cache/graphCache.ts) on the sample project and a
// copy of it, real tree-sitter and the real resolver: a warm index reads the edges the cold one saved
// (and only for exactly these files and options), every damaged or foreign entry is one reported line
// and a fresh resolution, and the folder keeps the most recently used graphs only.
import { cpSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cacheNamespace } from '../../src/cache/cacheKey.js';
import { openFileCache } from '../../src/cache/fileCache.js';
import { MAX_GRAPH_ENTRIES, treeKey } from '../../src/cache/graphCache.js';
import { encodeGraphEntry } from '../../src/cache/graphCodec.js';
import { withRemovedSymbols } from '../../src/diff/changedSymbols.js';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import type { Edge } from '../../src/model.js';
import { indexRepository, scanRepository } from '../../src/pipeline/indexRepository.js';
import { repoRoot } from '../cli/cliHarness.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const sample = join(repoRoot, 'examples', 'shop');

function sampleCopy(): string {
  const dir = makeTempDir('repodigest-graph-tree-');
  cpSync(sample, dir, { recursive: true });
  return dir;
}

function graphFolder(cacheDir: string): string {
  return join(cacheDir, cacheNamespace(), 'graphs');
}

function graphEntries(cacheDir: string): string[] {
  try {
    return readdirSync(graphFolder(cacheDir)).sort();
  } catch {
    return [];
  }
}

async function uncachedEdges(root: string): Promise<Edge[]> {
  return (await indexRepository(root, { redact: false })).edges;
}

describe('the call graph of a tree, through the cache', () => {
  test('cold saves one entry; warm reads it; both equal an uncached index, JSON text included', async () => {
    const dir = makeTempDir('repodigest-cache-');
    const cold = openFileCache(dir);
    const first = await indexRepository(sample, { cache: cold });
    expect(cold.stats()).toMatchObject({ graph: 'saved', problems: [] });
    expect(graphEntries(dir)).toHaveLength(1);
    const warm = openFileCache(dir);
    const second = await indexRepository(sample, { cache: warm });
    expect(warm.stats()).toMatchObject({ graph: 'reused', problems: [] });
    expect([...warm.used()]).toContain(`graphs/${graphEntries(dir)[0]}`);
    const expected = JSON.stringify((await indexRepository(sample, {})).edges);
    expect(expected.length).toBeGreaterThan(1000);
    expect(JSON.stringify(first.edges)).toBe(expected);
    expect(JSON.stringify(second.edges)).toBe(expected);
  });

  test('the warm index takes its edges from the entry (a well-formed entry for this tree is what it reads)', async () => {
    const dir = makeTempDir('repodigest-cache-');
    await indexRepository(sample, { cache: openFileCache(dir) });
    const [name] = graphEntries(dir);
    // The entry rewritten, for the same tree key, with only the `contains` edges: the next index must show exactly those.
    const full = await scanRepository(sample, { cache: openFileCache(dir) });
    const key = treeKey(full.files, {});
    expect(key).toBe(name);
    const contains = buildCallGraph(full.files).filter((e) => e.kind === 'contains');
    writeFileSync(join(graphFolder(dir), name!), encodeGraphEntry({ namespace: cacheNamespace(), tree: key! }, contains));
    const warm = await indexRepository(sample, { cache: openFileCache(dir), redact: false });
    expect(warm.edges.length).toBeGreaterThan(0);
    expect(warm.edges.every((e) => e.kind === 'contains')).toBe(true);
    expect(warm.edges.length).toBeLessThan((await uncachedEdges(sample)).length);
  });

  test('another file content, another option, or a record changed after the scan: another key', async () => {
    const root = sampleCopy();
    const scanned = await scanRepository(root, { cache: openFileCache(makeTempDir('repodigest-cache-')) });
    const key = treeKey(scanned.files, {});
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(treeKey(scanned.files, {})).toBe(key);
    expect(treeKey(scanned.files, { maxHeuristicTargets: 2 })).not.toBe(key);
    expect(treeKey(scanned.files, { parameterFlow: true })).not.toBe(key);
    // A PR's removed symbol put back into its head file: that record is keyed by its content.
    const removed = scanned.files.find((f) => f.path === 'shop/pricing.py')!.symbols.filter((s) => s.kind === 'function').slice(0, 1);
    const money = scanned.files.map((f) => (f.path === 'shop/util/money.py' ? { ...f, symbols: f.symbols.filter((s) => s.kind === 'module') } : f));
    const withRemoved = withRemovedSymbols(money, removed.map((s) => ({ ...s, id: 'shop.util.money.gone', module: 'shop.util.money', file: 'shop/util/money.py' })));
    const changedKey = treeKey(withRemoved, {});
    expect(changedKey).toMatch(/^[0-9a-f]{64}$/);
    expect(changedKey).not.toBe(key);
    expect(treeKey(withRemoved, {})).toBe(changedKey);
    // One file edited on disk: another key, and a second entry beside the first.
    const dir = makeTempDir('repodigest-cache-');
    await indexRepository(root, { cache: openFileCache(dir) });
    const path = join(root, 'shop', 'pricing.py');
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n\ndef added_later():\n    return 1\n`);
    const edited = openFileCache(dir);
    const after = await indexRepository(root, { cache: edited, redact: false });
    expect(edited.stats().graph).toBe('saved');
    expect(graphEntries(dir)).toHaveLength(2);
    expect(JSON.stringify(after.edges)).toBe(JSON.stringify(await uncachedEdges(root)));
  });

  test('files the cache did not scan (an on-demand round builds its own) give no key past a few', async () => {
    const scanned = await scanRepository(sample, {});
    const many = Array.from({ length: 70 }, (_, i) => ({ ...scanned.files[0]!, path: `copy${i}.py` }));
    expect(treeKey(scanned.files, {})).toMatch(/^[0-9a-f]{64}$/);
    expect(treeKey(many, {})).toBeUndefined();
  });
});

/** `text` with the character at `at` replaced by another (same length). */
function flip(text: string, at: number): string {
  return `${text.slice(0, at)}${text[at] === 'x' ? 'y' : 'x'}${text.slice(at + 1)}`;
}

describe('a graph entry that cannot be trusted is one line, a fresh resolution, and is rewritten', () => {
  const cases: [string, (bytes: string) => string, RegExp][] = [
    ['truncated', (b) => b.slice(0, b.length - 40), /truncated \(\d+ of \d+ bytes\)/],
    ['one byte changed', (b) => flip(b, b.indexOf('\n') + 3), /checksum mismatch/],
    ['garbage', () => 'not an entry', /no header/],
    ['another tree', (b) => b.replace(/"tree":"[0-9a-f]+"/, `"tree":"${'0'.repeat(64)}"`), /foreign entry \(names another tree\)/],
  ];
  for (const [what, damage, reason] of cases) {
    // oxlint-disable-next-line vitest/valid-title -- `what` is a string (the table's type), which the rule cannot see
    test(what, async () => {
      const dir = makeTempDir('repodigest-cache-');
      await indexRepository(sample, { cache: openFileCache(dir) });
      const entry = join(graphFolder(dir), graphEntries(dir)[0]!);
      writeFileSync(entry, damage(readFileSync(entry, 'utf8')));
      const cache = openFileCache(dir);
      const index = await indexRepository(sample, { cache, redact: false });
      expect(cache.stats().problems).toEqual([expect.stringMatching(new RegExp(`^cached call graph ignored: .*${reason.source}.*; resolved again$`))]);
      expect(cache.stats().graph).toBe('saved');
      expect(JSON.stringify(index.edges)).toBe(JSON.stringify(await uncachedEdges(sample)));
      const next = openFileCache(dir);
      await indexRepository(sample, { cache: next });
      expect(next.stats()).toMatchObject({ graph: 'reused', problems: [] });
    });
  }

  test('checksummed but naming a symbol these files do not have, or out of order', async () => {
    const dir = makeTempDir('repodigest-cache-');
    const scanned = await scanRepository(sample, { cache: openFileCache(dir) });
    const key = treeKey(scanned.files, {})!;
    const edges = buildCallGraph(scanned.files);
    const entry = join(graphFolder(dir), key);
    const namespace = cacheNamespace();
    for (const [bad, reason] of [
      [[...edges.slice(1), { ...edges[0]!, from: 'os.system' }], /an endpoint that is not a symbol of these files/],
      [[...edges].reverse(), /out of order/],
      [[{ ...edges[0]!, lines: [3, 2] }, ...edges.slice(1)], /malformed graph \(edge 1\)/],
    ] as const) {
      await indexRepository(sample, { cache: openFileCache(dir) });
      writeFileSync(entry, encodeGraphEntry({ namespace, tree: key }, bad as Edge[]));
      const cache = openFileCache(dir);
      const index = await indexRepository(sample, { cache, redact: false });
      expect(cache.stats().problems).toEqual([expect.stringMatching(reason)]);
      expect(JSON.stringify(index.edges)).toBe(JSON.stringify(await uncachedEdges(sample)));
    }
  });
});

describe('the folder keeps the most recently used graphs', () => {
  test(`${MAX_GRAPH_ENTRIES} at most: the least recently used go, one just read stays`, async () => {
    const root = sampleCopy();
    const dir = makeTempDir('repodigest-cache-');
    const path = join(root, 'shop', 'pricing.py');
    const text = readFileSync(path, 'utf8');
    const names: string[] = [];
    let clock = Date.UTC(2026, 0, 1) / 1000; // seconds
    const tree = async (i: number): Promise<string> => {
      writeFileSync(path, `${text}\n# version ${i}\n`);
      const before = new Set(graphEntries(dir));
      await indexRepository(root, { cache: openFileCache(dir) });
      const made = graphEntries(dir).find((n) => !before.has(n));
      const name = made ?? names[i]!;
      // Each step a minute later, so "least recently used" does not depend on the file system's clock.
      clock += 60;
      utimesSync(join(graphFolder(dir), name), clock, clock);
      return name;
    };
    for (let i = 0; i < MAX_GRAPH_ENTRIES; i++) names.push(await tree(i));
    expect(graphEntries(dir)).toHaveLength(MAX_GRAPH_ENTRIES);
    // The oldest is used again: now the second oldest is the one to go when a new tree comes.
    await tree(0);
    names.push(await tree(MAX_GRAPH_ENTRIES));
    const left = graphEntries(dir);
    expect(left).toHaveLength(MAX_GRAPH_ENTRIES);
    expect(left).toContain(names[0]);
    expect(left).toContain(names[MAX_GRAPH_ENTRIES]);
    expect(left).not.toContain(names[1]);
  });
});
