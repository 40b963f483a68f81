import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import type { Edge } from '../../src/model.js';
import { type PackInput, type PackResult, packContext } from '../../src/pack/packer.js';
import { createTokenCounter, type TokenCounter } from '../../src/pack/tokens.js';
import { markdownRenderer } from '../../src/render/markdown.js';
import { DIGEST_FORMATS, rendererFor } from '../../src/render/renderers.js';
import { RepoDigestError } from '../../src/shared/errors.js';
import { type Project, py, pythonProject } from './pythonProject.js';

let counter: TokenCounter;
let graph: Project;
let sized: Project;

/** A function whose body is `lines` lines of distinct text: large on purpose. */
function bulky(name: string, lines: number, calls: string[] = []): string {
  const body = Array.from({ length: lines }, (_, i) => `    note_${i} = "${name} line ${i} carries some words to count"`);
  return [`def ${name}():`, ...body, ...calls.map((c) => `    ${c}()`), '    return None', ''].join('\n');
}

beforeAll(async () => {
  counter = createTokenCounter('o200k_base');
  // Expected expansion from root (hop, direction) written next to each definition.
  graph = await pythonProject({
    'app/core.py': py(`
      def root():              # hop 0
          helper_b()
          helper_a()

      def helper_a():          # callee, hop 1
          leaf()

      def helper_b():          # callee, hop 1
          return 2

      def leaf():              # callee, hop 2
          return 3

      def caller_one():        # caller, hop 1
          return root()

      def caller_two():        # caller, hop 2
          return caller_one()

      def unrelated():         # never reached
          return 0
    `),
  });
  sized = await pythonProject({
    'svc/main.py': [
      'def entry():',
      '    big_helper()',
      '    small_helper()',
      '    return None',
      '',
      bulky('big_helper', 300, ['tiny_far']),
      bulky('small_helper', 2),
      bulky('tiny_far', 1),
      bulky('huge_root', 400, ['small_helper']),
      'class Store:',
      '    """Keeps things."""',
      '',
      '    def put(self, item):',
      '        """Store one item."""',
      '        self.items.append(item)',
      '        return len(self.items)',
      '',
      '    def get(self, key):',
      '        return self.items[key]',
      '',
      'def use_store(store):',
      '    return store.put(1)',
      '',
      'def only_put(store):',
      '    """Calls one method; the class comes later, through it."""',
      '    return store.put(2)',
      '',
    ].join('\n'),
  });
});

function run(project: Project, input: Partial<PackInput> & { roots: string[] }): PackResult {
  return packContext({ renderer: markdownRenderer,  symbols: project.symbols, adjacency: project.adjacency, budget: 4000, counter, ...input });
}

function expectExactFooter(result: PackResult): void {
  const fresh = createTokenCounter(counter.encoding);
  expect(fresh.count(result.content)).toBe(result.totalTokens);
  expect(result.totalTokens).toBeLessThanOrEqual(result.budget);
  // Skips already inside a packed symbol are counted apart from those that lost code.
  const inside = result.skipped.filter((s) => s.within !== undefined).length;
  expect(result.insidePacked).toBe(inside);
  const insideText = inside > 0 ? `, ${inside} already inside packed symbols` : '';
  expect(result.content).toContain(
    `Token usage: ${result.totalTokens} / ${result.budget} (${result.packed.length} packed, ${result.skipped.length - inside} skipped${insideText})`,
  );
}

describe('expansion order', () => {
  it('alternates one hop of callees and one hop of callers, sorted by id within a hop', () => {
    const result = run(graph, { roots: ['app.core.root'] });
    expect(result.packed.map((p) => [p.id, p.direction, p.hop])).toEqual([
      ['app.core.root', 'root', 0],
      ['app.core.helper_a', 'callee', 1],
      ['app.core.helper_b', 'callee', 1],
      ['app.core.caller_one', 'caller', 1],
      ['app.core.leaf', 'callee', 2],
      ['app.core.caller_two', 'caller', 2],
    ]);
    expect(result.skipped).toEqual([]);
    expectExactFooter(result);
  });

  it('visits resolved neighbours before heuristic ones; resolution "resolved" follows only those', () => {
    // Label every call heuristic except root -> helper_b, whatever the resolver proved.
    const relabelled: Edge[] = graph.edges.map((e) =>
      e.kind !== 'calls' ? e : { ...e, resolution: e.from === 'app.core.root' && e.to === 'app.core.helper_b' ? 'resolved' : 'heuristic' },
    );
    const adjacency = buildAdjacency(relabelled);
    const all = run(graph, { roots: ['app.core.root'], adjacency });
    expect(all.packed.map((p) => p.id).slice(0, 3)).toEqual(['app.core.root', 'app.core.helper_b', 'app.core.helper_a']);
    const strict = run(graph, { roots: ['app.core.root'], adjacency, resolution: 'resolved' });
    expect(strict.packed.map((p) => p.id)).toEqual(['app.core.root', 'app.core.helper_b']);
  });

  it('a wide callee side does not starve the callers', async () => {
    const callees = Array.from({ length: 30 }, (_, i) => `c${String(i).padStart(2, '0')}`);
    const p = await pythonProject({
      'w.py': [
        `def root():\n${callees.map((c) => `    ${c}()`).join('\n')}\n`,
        ...callees.map((c) => `def ${c}():\n    return deeper_${c}()\n\ndef deeper_${c}():\n    return 1\n`),
        'def the_caller():\n    return root()\n',
      ].join('\n'),
    });
    const result = packContext({ renderer: markdownRenderer,  roots: ['w.root'], symbols: p.symbols, adjacency: p.adjacency, budget: 4000, counter });
    const ids = result.packed.map((s) => s.id);
    // All 30 first-hop callees, then the caller, before any second-hop callee.
    expect(ids.indexOf('w.the_caller')).toBe(31);
    expect(ids.indexOf('w.deeper_c00')).toBe(32);
  });
});

describe('budget', () => {
  it('skips a candidate that does not fit, never truncates it, and keeps scanning for smaller, farther ones', () => {
    const result = run(sized, { roots: ['svc.main.entry'], budget: 700 });
    const ids = result.packed.map((p) => p.id);
    expect(ids).toEqual(['svc.main.entry', 'svc.main.small_helper', 'svc.main.tiny_far']);
    expect(result.packed.find((p) => p.id === 'svc.main.tiny_far')).toMatchObject({ hop: 2, direction: 'callee', mode: 'full' });
    const big = result.skipped.find((s) => s.id === 'svc.main.big_helper')!;
    // Skipped on the cheap lower bound: its code is never byte-pair encoded, and the reason says so.
    const m = /^does not fit: needs more than the (\d+) tokens? left$/.exec(big.reason);
    expect(m).not.toBeNull();
    expect(big.atLeast).toBe(true);
    expect(big.tokens).toBeGreaterThan(Number(m![1]));
    expect(big.tokens).toBeLessThanOrEqual(counter.count(sized.symbols.get('svc.main.big_helper')!.full));
    // Listed without a size: the bound is not the symbol's size (click 10b43c21 listed `click.core.Command`
    // as "(4109 tokens): needs at least 4109 tokens, 4108 left", one token short of a class ~8x larger).
    expect(result.content).toContain(`- \`svc.main.big_helper\`: does not fit: needs more than the ${m![1]} tokens left`);
    // Not a single line of the skipped body made it in.
    expect(result.content).not.toContain('big_helper line');
    expectExactFooter(result);
  });

  it('never byte-pair encodes a candidate that the lower bound already rules out', () => {
    const big = sized.symbols.get('svc.main.big_helper')!.full;
    const counted: string[] = [];
    const watching: TokenCounter = {
      encoding: counter.encoding,
      count: (text) => (counted.push(text), counter.count(text)),
      atLeast: (text, limit) => counter.atLeast(text, limit),
    };
    const result = run(sized, { roots: ['svc.main.entry'], budget: 700, counter: watching });
    expect(result.skipped.find((s) => s.id === 'svc.main.big_helper')?.reason).toMatch(/needs more than the/);
    expect(counted.filter((t) => t.includes('big_helper line'))).toEqual([]);
    expect(counted).not.toContain(big);
  });

  it('a root larger than the budget is skipped with a clear reason, not an error; its neighbours still come', () => {
    const result = run(sized, { roots: ['svc.main.huge_root'], budget: 600 });
    expect(result.skipped[0]).toMatchObject({ id: 'svc.main.huge_root' });
    expect(result.skipped[0]!.reason).toMatch(/^root larger than the budget: needs \d+ tokens as rendered, the budget leaves \d+$/);
    expect(result.packed.map((p) => p.id)).toEqual(['svc.main.small_helper']);
    expect(result.roots).toEqual(['svc.main.huge_root']);
    expectExactFooter(result);
  });

  it('signatures-only packs every non-root as its signature; roots stay full', () => {
    const result = run(sized, { roots: ['svc.main.use_store'], signaturesOnly: true, budget: 2000 });
    expect(result.packed.map((p) => [p.id, p.mode])).toEqual([
      ['svc.main.use_store', 'full'],
      ['svc.main.Store.put', 'signature'],
    ]);
    // only_put also calls Store.put, but a caller of a callee is a sibling, not context: not reached.
    expect(result.content).toContain(sized.symbols.get('svc.main.Store.put')!.signature);
    expect(result.content).not.toContain('self.items.append(item)');
    const full = run(sized, { roots: ['svc.main.use_store'], budget: 2000 });
    expect(full.content).toContain('self.items.append(item)');
    expect(result.packed[1]!.tokens).toBeLessThan(full.packed[1]!.tokens);
  });

  it('never repeats code: a method of a packed class is contained; a class after its method comes as a signature', async () => {
    const contained = run(sized, { roots: ['svc.main.Store', 'svc.main.use_store'] });
    // only_put calls Store.put: a caller of the root class's method is the class's caller (classRoot.test.ts).
    expect(contained.packed.map((p) => p.id)).toEqual(['svc.main.Store', 'svc.main.use_store', 'svc.main.only_put']);
    expect(contained.skipped).toEqual([
      {
        id: 'svc.main.Store.put',
        tokens: counter.count(sized.symbols.get('svc.main.Store.put')!.full),
        reason: 'contained in svc.main.Store',
        within: 'svc.main.Store',
      },
    ]);
    expect(contained.content.split('self.items.append(item)').length).toBe(2);
    expectExactFooter(contained);

    const p = await pythonProject({
      'k.py': py(`
        class Box:
            def open(self):
                return Box()

        def start(box):
            return box.open()
      `),
    });
    const result = packContext({ renderer: markdownRenderer,  roots: ['k.start'], symbols: p.symbols, adjacency: p.adjacency, budget: 2000, counter });
    expect(result.packed.map((s) => [s.id, s.mode, s.hop])).toEqual([
      ['k.start', 'full', 0],
      ['k.Box.open', 'full', 1],
      ['k.Box', 'signature', 2],
    ]);
  });

  it('states the exact token count of the document it is in, for every format', () => {
    for (const format of DIGEST_FORMATS) {
      for (const budget of [300, 450, 700, 999, 1000, 1001, 4000]) {
        const result = run(sized, { roots: ['svc.main.entry'], budget, renderer: rendererFor(format) });
        expectExactFooter(result);
      }
    }
  });

  it('settles a preamble that states the usage too (PR digest header)', () => {
    const result = run(graph, {
      roots: ['app.core.root'],
      budget: 900,
      preamble: (u) => [`## PR #7: tidy core\n\nTokens: ${u.used} / ${u.budget} (${u.encoding}), ${u.packed} packed`],
    });
    expect(result.content).toContain(`Tokens: ${result.totalTokens} / 900 (o200k_base), ${result.packed.length} packed`);
    expect(result.content.indexOf('## PR #7')).toBeLessThan(result.content.indexOf('## `app/core.py`'));
    expectExactFooter(result);
  });

  it('verifies the final document: when the estimate is short, it drops last-packed items until it fits', () => {
    // A renderer that claims items cost nothing: every estimate is wrong, the final check must catch it.
    const optimistic = { ...markdownRenderer, itemText: () => '', fileText: () => '' };
    const everything = run(graph, { roots: ['app.core.root'] });
    expect(everything.packed).toHaveLength(6);
    const budget = everything.totalTokens - 40;
    const result = run(graph, { roots: ['app.core.root'], budget, renderer: optimistic });
    expectExactFooter(result);
    expect(result.packed[0]!.id).toBe('app.core.root');
    expect(result.packed.length).toBeLessThan(6);
    const dropped = result.skipped.filter((s) => s.reason === 'dropped: the rendered document exceeded the budget');
    expect(dropped.length).toBeGreaterThan(0);
    // The last-packed items went first.
    expect(result.packed.map((p) => p.id)).toEqual(everything.packed.slice(0, result.packed.length).map((p) => p.id));
  });

  it('lists skips while they fit and folds the rest into one line', () => {
    const result = run(sized, { roots: ['svc.main.huge_root', 'svc.main.big_helper'], budget: 220 });
    // Both roots, then their neighbours, which the scan never reached: the budget was gone.
    expect(result.skipped.map((s) => s.id)).toEqual(['svc.main.huge_root', 'svc.main.big_helper', 'svc.main.tiny_far', 'svc.main.entry']);
    expectExactFooter(result);
    const listed = (result.content.match(/^- `svc\.main\./gm) ?? []).length;
    const more = /^- … and (\d+) more not listed$/m.exec(result.content);
    expect(more).not.toBeNull();
    expect(listed + Number(more![1])).toBe(4);
    // The roots' lines are never folded.
    expect(result.content).toContain('- `svc.main.huge_root`');
    expect(result.content).toContain('- `svc.main.big_helper`');
  });

  it('rejects a budget that is not a positive integer, unknown roots, and a budget too small for any digest', () => {
    for (const budget of [0, -5, 1.5, Number.NaN]) {
      expect(() => run(graph, { roots: ['app.core.root'], budget })).toThrow(RepoDigestError);
    }
    expect(() => run(graph, { roots: ['app.core.nope'] })).toThrow(/Unknown root symbol 'app.core.nope'/);
    expect(() => run(graph, { roots: ['app.core.root'], budget: 5 })).toThrow(/Budget 5 is too small/);
  });

  it('examines at most maxCandidates non-root candidates', () => {
    const result = run(graph, { roots: ['app.core.root'], maxCandidates: 2 });
    expect(result.packed.map((p) => p.id)).toEqual(['app.core.root', 'app.core.helper_a', 'app.core.helper_b']);
  });

  it('is deterministic: the same input gives byte-identical output', () => {
    const a = run(sized, { roots: ['svc.main.entry'], budget: 700, renderer: rendererFor('json') });
    const b = packContext({ roots: ['svc.main.entry'], symbols: new Map([...sized.symbols].reverse()), adjacency: buildAdjacency([...sized.edges].reverse()), budget: 700, counter: createTokenCounter('o200k_base'), renderer: rendererFor('json') });
    expect(b.content).toBe(a.content);
  });
});
