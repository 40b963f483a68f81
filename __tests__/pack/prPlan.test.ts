// The PR plan's order for changed symbols nested in changed symbols shown whole (src/pack/prPlan.ts):
// every enclosing symbol shown whole comes before what it holds, outermost first, so the packer can
// count the inner ones as `contained in` instead of showing their code twice.
import { describe, expect, it } from 'vitest';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { type PlanEntry, planPr } from '../../src/pr/plan.js';
import { isTestPath } from '../../src/python/testFiles.js';

// An added private class `_Box` holding a private method `_fill` holding a public nested `build`:
// by rank alone (public before private) `build` would come first, then `_Box`, then `_fill`.
const entry = (id: string, kind: string, startLine: number, ancestors: string[], whole: boolean): PlanEntry => ({
  id,
  file: 'box.py',
  name: id.split('.').slice(1).join('.'),
  kind,
  startLine,
  ancestors,
  whole,
});

describe('planPr: holders first', () => {
  const adjacency = buildAdjacency([]);

  it('puts every enclosing symbol shown whole before what it holds, outermost first', () => {
    const entries = [
      entry('box._Box', 'class', 1, [], true),
      entry('box._Box._fill', 'method', 2, ['box._Box'], true),
      entry('box._Box._fill.build', 'function', 3, ['box._Box._fill', 'box._Box'], true),
      entry('box.other', 'function', 10, [], true),
    ];
    expect(planPr(entries, adjacency, () => true).roots).toEqual(['box._Box', 'box._Box._fill', 'box._Box._fill.build', 'box.other']);
  });

  it('leaves a symbol shown as its own changed lines (a modified class) where its rank puts it', () => {
    const entries = [
      entry('box._Box', 'class', 1, [], false),
      entry('box._Box.fill', 'method', 2, ['box._Box'], true),
      entry('box.other', 'function', 10, [], true),
    ];
    expect(planPr(entries, adjacency, () => true).roots).toEqual(['box._Box.fill', 'box.other', 'box._Box']);
  });
});

// httpx 66225539 at 6,000 tokens: an annotation change to `Request.__init__` made all 78 of its callers
// step-2 items, and 25 test functions were packed ahead of any of its callees.
describe('planPr: call sites of a changed contract (step 2)', () => {
  const edge = (from: string) => ({ from, to: 'lib.make', kind: 'calls' as const, resolution: 'resolved' as const, lines: [3] });
  const adjacency = buildAdjacency([edge('app.use'), edge('tests.test_lib.test_make'), edge('lib.helper')]);
  const files: Record<string, string> = { 'app.use': 'app.py', 'tests.test_lib.test_make': 'tests/test_lib.py', 'lib.helper': 'lib.py', 'lib.make': 'lib.py' };
  const changed = [{ ...entry('lib.make', 'function', 1, [], true), file: 'lib.py', contract: 'signature' }];

  it('are the callers outside test files; a test caller waits with the other neighbours', () => {
    expect(planPr(changed, adjacency, (id) => id === 'lib.make', (id) => isTestPath(files[id] ?? '')).callSites).toEqual(['app.use', 'lib.helper']);
  });

  it('are every caller when tests are not told apart', () => {
    expect(planPr(changed, adjacency, (id) => id === 'lib.make').callSites).toEqual(['app.use', 'lib.helper', 'tests.test_lib.test_make']);
  });
});
