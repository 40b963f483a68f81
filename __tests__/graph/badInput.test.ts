// Bad input: every case terminates and produces no bogus edge. Deep structures are built large
// enough that a recursive walk would overflow the stack.
import { describe, expect, it } from 'vitest';
import { callPairs, graphOf, pairsOf } from './projectHelpers.js';

describe('buildCallGraph on bad input', () => {
  it('circular imports resolve both ways without looping', async () => {
    const edges = await graphOf({
      'a.py': 'from b import g\n\n\ndef f():\n    g()\n',
      'b.py': 'from a import f\n\n\ndef g():\n    f()\n',
    });
    expect(callPairs(edges, true)).toEqual(['a.f -> b.g (resolved)', 'b.g -> a.f (resolved)']);
  });

  it('a module importing itself gets no self import edge and still resolves its own names', async () => {
    const edges = await graphOf({ 'me.py': 'import me\nfrom me import f\n\n\ndef f():\n    me.f()\n' });
    expect(pairsOf(edges, 'imports')).toEqual([]);
    expect(callPairs(edges)).toEqual(['me.f -> me.f']);
  });

  it('star-import cycles terminate and a name defined nowhere gets no resolved edge', async () => {
    const edges = await graphOf({
      'a.py': 'from b import *\n\n\ndef fa():\n    fb()\n    nowhere()\n',
      'b.py': 'from c import *\n\n\ndef fb():\n    fa()\n',
      'c.py': 'from a import *\n',
    });
    expect(callPairs(edges, true)).toEqual(['a.fa -> b.fb (resolved)', 'b.fb -> a.fa (resolved)']);
  });

  it('inheritance cycles produce neither inherits edges nor calls across the cycle', async () => {
    const edges = await graphOf({
      'm.py': 'class A(B):\n    def run(self):\n        self.go()\n\n\nclass B(A):\n    def go(self):\n        self.run()\n\n\nclass C(C):\n    def x(self):\n        self.x()\n',
    });
    expect(pairsOf(edges, 'inherits')).toEqual([]);
    expect(callPairs(edges)).toEqual(['m.C.x -> m.C.x']);
  });

  it('unknown and external bases stop method lookup without guessing into unrelated classes', async () => {
    const edges = await graphOf({
      'm.py': [
        'import threading\n',
        'class Other:\n    def start(self):\n        pass\n\n    def mystery(self):\n        pass\n',
        'class W(threading.Thread):\n    def run(self):\n        self.start()\n',
        'class U(NotDefinedAnywhere):\n    def run(self):\n        self.mystery()\n',
      ].join('\n'),
    });
    expect(pairsOf(edges, 'inherits')).toEqual([]);
    // External base: start() may be Thread.start, so no edge; unknown base: labelled guess only.
    expect(callPairs(edges, true)).toEqual(['m.U.run -> m.Other.mystery (heuristic)']);
  });

  it('a parameter shadowing a function name is not a call of that function', async () => {
    const edges = await graphOf({
      'm.py': 'def helper():\n    pass\n\n\ndef run(helper, items):\n    helper()\n    for helper in items:\n        helper()\n',
    });
    expect(callPairs(edges)).toEqual([]);
  });

  it('duplicate module names under different roots resolve within their own root, ambiguity elsewhere', async () => {
    const edges = await graphOf({
      'one/pkg/__init__.py': '',
      'one/pkg/util.py': 'def helper():\n    pass\n',
      'one/main.py': 'from pkg.util import helper\n\n\ndef run():\n    helper()\n',
      'two/pkg/__init__.py': '',
      'two/pkg/util.py': 'def helper():\n    pass\n',
      'two/main.py': 'from pkg.util import helper\n\n\ndef run():\n    helper()\n',
      'top.py': 'from pkg.util import helper\n\n\ndef run():\n    helper()\n',
    }, { minHeuristicConfidence: 0 }); // two same-named guesses (0.45 each) are under the default threshold
    expect(callPairs(edges, true)).toEqual([
      'one.main.run -> one.pkg.util.helper (resolved)',
      'top.run -> one.pkg.util.helper (heuristic)',
      'top.run -> two.pkg.util.helper (heuristic)',
      'two.main.run -> two.pkg.util.helper (resolved)',
    ]);
  });

  it('the deepest chains Python compiles resolve without overflow: 2,900 attribute links, 190 nested calls', async () => {
    // CPython compiles at most ~3,000 nested expression levels and 200 nested brackets; deeper files
    // are skipped before extraction (python/depthGuard.ts, __tests__/python/deepNesting.test.ts).
    const chain = `x${'.a'.repeat(2_900)}()`;
    const nested = `${'f('.repeat(190)}1${')'.repeat(190)}`;
    const edges = await graphOf({ 'm.py': `def f(v):\n    return v\n\n\ndef g(x):\n    ${chain}\n    ${nested}\n` });
    expect(callPairs(edges)).toEqual(['m.g -> m.f']);
  });

  it('a 3,000-class inheritance chain and a 500-module re-export chain terminate', async () => {
    const classes = ['class C0:\n    def root(self):\n        pass\n'];
    for (let i = 1; i < 3_000; i++) classes.push(`class C${i}(C${i - 1}):\n    pass\n`);
    classes.push('def use(c: C2999):\n    c.root()\n');
    const files: Record<string, string> = { 'h.py': classes.join('\n'), 'r0.py': 'def target():\n    pass\n' };
    for (let i = 1; i < 500; i++) files[`r${i}.py`] = `from r${i - 1} import target\n`;
    files['use.py'] = 'from r499 import target\n\ntarget()\n';
    const edges = await graphOf(files);
    // Past the MRO cap and the lookup depth limit a chain yields "unknown": a labelled guess by
    // name, never a wrong resolved edge.
    expect(callPairs(edges.filter((e) => e.from === 'h.use'), true)).toEqual(['h.use -> h.C0.root (heuristic)']);
    expect(callPairs(edges.filter((e) => e.from === 'use'), true)).toEqual(['use -> r0.target (heuristic)']);
    expect(pairsOf(edges, 'inherits')).toHaveLength(2_999);
  });
});

describe('buildCallGraph at scale', () => {
  // Regression: the edges were appended with `push(...list)`, and V8 throws "Maximum call stack size
  // exceeded" past ~100k arguments; CPython's stdlib with its site-packages crossed that in contains
  // edges alone. 20 files x 7,000 functions = 140,000 contains edges.
  it('a project with more than 130,000 symbols resolves without overflowing the stack', async () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 20; f++) {
      const lines: string[] = [];
      for (let i = 0; i < 7000; i++) lines.push(`def f${i}(): pass`);
      files[`m${f}.py`] = `${lines.join('\n')}\n`;
    }
    const edges = await graphOf(files);
    expect(pairsOf(edges, 'contains').length).toBe(140_000);
  }, 120_000);
});
