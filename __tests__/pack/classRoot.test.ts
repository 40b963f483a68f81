// A class as a root (or packed in full) stands for its body: its methods' callers and callees, and its
// subclasses, are its own neighbours (rule in src/pack/expansion.ts). Skips that are only inside a
// packed symbol are counted apart from real skips (src/render/document.ts).

import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { subclassIndex } from '../../src/graph/classNeighbours.js';
import type { Edge } from '../../src/model.js';
import { type PackInput, type PackResult, packContext } from '../../src/pack/packer.js';
import { createTokenCounter, type TokenCounter } from '../../src/pack/tokens.js';
import { markdownRenderer } from '../../src/render/markdown.js';
import { rendererFor } from '../../src/render/renderers.js';
import { type Project, py, pythonProject } from './pythonProject.js';

let counter: TokenCounter;
let shop: Project;
let big: Project;

beforeAll(async () => {
  counter = createTokenCounter('o200k_base');
  // Expected expansion from the root shop.store.Store written next to each definition.
  shop = await pythonProject({
    'shop/__init__.py': '',
    'shop/store.py': py(`
      from shop.rules import validate, fetch

      class Store:                 # root, hop 0
          """Keeps items."""

          def put(self, item):     # inside Store: never packed on its own
              return validate(item)

          def get(self, key):
              return self._lookup(key)     # a call inside the class: not a neighbour

          def _lookup(self, key):
              return fetch(key)

      class CachedStore(Store):    # caller hop 1 (a subclass)
          def warm(self):
              return 1

      def unrelated():             # never reached
          return 0
    `),
    'shop/rules.py': py(`
      def validate(item):          # callee hop 1 (through Store.put)
          return normalise(item)

      def normalise(item):         # callee hop 2
          return item

      def fetch(key):              # callee hop 1 (through Store._lookup)
          return key
    `),
    'shop/api.py': py(`
      from shop.store import Store

      def use_store(store: Store): # caller hop 1 (through Store.put)
          return store.put(1)

      def handler():               # caller hop 1 (calls Store itself)
          return use_store(Store())
    `),
  });
  big = await pythonProject({
    'big.py': [
      'class Engine:',
      '    def run(self):',
      '        return heavy() + light()',
      '',
      'def heavy():',
      ...Array.from({ length: 200 }, (_, i) => `    note_${i} = "heavy line ${i} carries some words to count"`),
      '    return far()',
      '',
      'def light():',
      '    return 1',
      '',
      'def far():',
      '    return 2',
      '',
      'def start(engine: Engine):',
      '    return engine.run()',
      '',
      'def boot():',
      '    engine = Engine()',
      '    return engine.run()',
      '',
    ].join('\n'),
  });
});

function run(input: Partial<PackInput> & { roots: string[] }): PackResult {
  return packContext({ renderer: markdownRenderer,
    symbols: shop.symbols,
    adjacency: shop.adjacency,
    subclasses: subclassIndex(shop.edges),
    budget: 4000,
    counter,
    ...input,
  });
}

const order = (r: PackResult) => r.packed.map((p) => [p.id, p.direction, p.hop]);

describe('a class root', () => {
  it("follows its methods' callees and callers and its subclasses, alternating hops, sorted by id", () => {
    const result = run({ roots: ['shop.store.Store'] });
    expect(order(result)).toEqual([
      ['shop.store.Store', 'root', 0],
      ['shop.rules.fetch', 'callee', 1],
      ['shop.rules.validate', 'callee', 1],
      ['shop.api.handler', 'caller', 1],
      ['shop.api.use_store', 'caller', 1],
      ['shop.store.CachedStore', 'caller', 1],
      ['shop.rules.normalise', 'callee', 2],
    ]);
    // Its methods are inside its text, never packed or offered on their own.
    expect(result.skipped).toEqual([]);
    expect(result.content.split('def put(self, item):').length).toBe(2);
    expect(result.content).not.toContain('def unrelated');
  });

  it('without subclass lookups, subclasses are not reached; the methods still are', () => {
    const result = packContext({ renderer: markdownRenderer,  roots: ['shop.store.Store'], symbols: shop.symbols, adjacency: shop.adjacency, budget: 4000, counter });
    expect(result.packed.map((p) => p.id)).toContain('shop.api.use_store');
    expect(result.packed.map((p) => p.id)).not.toContain('shop.store.CachedStore');
  });

  it('keeps resolved-first ordering across its members, and "resolved" follows only resolved edges', () => {
    const relabelled: Edge[] = shop.edges.map((e) =>
      e.kind === 'calls' && e.from === 'shop.api.use_store' ? { ...e, resolution: 'heuristic' } : e,
    );
    const adjacency = buildAdjacency(relabelled);
    const all = run({ roots: ['shop.store.Store'], adjacency });
    expect(all.packed.filter((p) => p.direction === 'caller').map((p) => p.id)).toEqual([
      'shop.api.handler',
      'shop.store.CachedStore',
      'shop.api.use_store',
    ]);
    const strict = run({ roots: ['shop.store.Store'], adjacency, resolution: 'resolved' });
    expect(strict.packed.map((p) => p.id)).not.toContain('shop.api.use_store');
    expect(strict.packed.map((p) => p.id)).toContain('shop.store.CachedStore');
  });

  it('skips, never truncates: a method callee that does not fit is skipped and a farther one still comes', () => {
    const result = packContext({ renderer: markdownRenderer,  roots: ['big.Engine'], symbols: big.symbols, adjacency: big.adjacency, budget: 700, counter });
    expect(order(result)).toEqual([
      ['big.Engine', 'root', 0],
      ['big.light', 'callee', 1],
      ['big.boot', 'caller', 1],
      ['big.start', 'caller', 1],
      ['big.far', 'callee', 2], // reached through heavy, which did not fit
    ]);
    expect(result.skipped.map((s) => s.id)).toEqual(['big.heavy']);
    expect(result.skipped[0]!.reason).toMatch(/^does not fit/);
    expect(result.content).not.toContain('heavy line');
    expect(createTokenCounter('o200k_base').count(result.content)).toBe(result.totalTokens);
    expect(result.totalTokens).toBeLessThanOrEqual(700);
  });
});

describe('a class reached on the way', () => {
  it('packed in full, it is expanded through its methods too', () => {
    const result = run({ roots: ['shop.api.handler'] });
    expect(order(result)).toEqual([
      ['shop.api.handler', 'root', 0],
      ['shop.api.use_store', 'callee', 1],
      ['shop.store.Store', 'callee', 1],
      // Hop 2: the callees of use_store (Store.put, inside Store) and of Store's methods.
      ['shop.rules.fetch', 'callee', 2],
      ['shop.rules.validate', 'callee', 2],
      ['shop.rules.normalise', 'callee', 3],
    ]);
    expect(result.skipped).toEqual([
      { id: 'shop.store.Store.put', tokens: counter.count(shop.symbols.get('shop.store.Store.put')!.full), reason: 'contained in shop.store.Store', within: 'shop.store.Store' },
    ]);
  });

  it('packed as a signature, it is not: its method bodies are not in the document', () => {
    const result = run({ roots: ['shop.api.handler'], signaturesOnly: true });
    const ids = result.packed.map((p) => p.id);
    expect(result.packed.find((p) => p.id === 'shop.store.Store')?.mode).toBe('signature');
    // fetch is reached only through Store._lookup's body.
    expect(ids).not.toContain('shop.rules.fetch');
    expect(ids).toContain('shop.rules.validate'); // through use_store -> Store.put, one hop later
    expect(result.packed.find((p) => p.id === 'shop.rules.validate')?.hop).toBe(3);
  });
});

describe('skips already inside a packed symbol', () => {
  it('are not counted as skipped in the footer, nor listed in markdown or xml; json keeps them with a total', () => {
    const markdown = run({ roots: ['shop.api.handler'] });
    expect(markdown.insidePacked).toBe(1);
    expect(markdown.content).toContain(`Token usage: ${markdown.totalTokens} / 4000 (6 packed, 0 skipped, 1 already inside packed symbols)`);
    expect(markdown.content).not.toContain('## Skipped');
    expect(markdown.content).not.toContain('contained in');

    const xml = run({ roots: ['shop.api.handler'], renderer: rendererFor('xml') });
    expect(xml.content).not.toContain('<skipped');
    expect(xml.content).toMatch(/<usage [^>]*packed="6" skipped="0" insidePacked="1">/);

    const json = run({ roots: ['shop.api.handler'], renderer: rendererFor('json') });
    const body = JSON.parse(json.content);
    expect(body.skipped).toEqual([{ id: 'shop.store.Store.put', tokens: markdown.skipped[0]!.tokens, reason: 'contained in shop.store.Store' }]);
    expect(body.skippedTotal).toBe(1);
    expect(body.insidePackedTotal).toBe(1);
    expect(body.content).toContain('(6 packed, 0 skipped, 1 already inside packed symbols)');
    for (const r of [markdown, xml, json]) expect(createTokenCounter('o200k_base').count(r.content)).toBe(r.totalTokens);
  });

  it('alongside real skips: only the real ones are counted and listed', () => {
    const result = packContext({ renderer: markdownRenderer,  roots: ['big.boot'], symbols: big.symbols, adjacency: big.adjacency, budget: 700, counter });
    expect(result.skipped.map((s) => [s.id, s.within])).toEqual([
      ['big.Engine.run', 'big.Engine'],
      ['big.heavy', undefined],
    ]);
    expect(result.insidePacked).toBe(1);
    expect(result.content).toContain('## Skipped (1)\n\n- `big.heavy`');
    expect(result.content).toContain(`(${result.packed.length} packed, 1 skipped, 1 already inside packed symbols)`);
    expect(result.content).not.toContain('contained in');
    expect(createTokenCounter('o200k_base').count(result.content)).toBe(result.totalTokens);
  });

  it('become real skips when their container is dropped to fit the budget', async () => {
    // Estimates that claim items cost nothing: the final check drops the last-packed items.
    const optimistic = { ...markdownRenderer, itemText: () => '', fileText: () => '' };
    const full = run({ roots: ['shop.api.handler'] });
    const result = run({ roots: ['shop.api.handler'], renderer: optimistic, budget: full.totalTokens - 150 });
    expect(result.packed.map((p) => p.id)).not.toContain('shop.store.Store');
    const put = result.skipped.find((s) => s.id === 'shop.store.Store.put')!;
    expect(put.within).toBeUndefined();
    expect(put.reason).toBe('dropped: the rendered document exceeded the budget (with shop.store.Store)');
    expect(result.insidePacked).toBe(0);
    expect(result.content).not.toContain('already inside');
  });
});
