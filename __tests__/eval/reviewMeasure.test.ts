// The measures of `npm run eval:review` on small real diffs and digests written out here.
import { describe, expect, it } from 'vitest';
import { cutToBudget, diffChangedLines, digestCodeLines, duplicatedLines, listedCallLines, shownCount } from '../../scripts/eval/reviewMeasure.js';
import { createTokenCounter } from '../../src/pack/tokens.js';

const DIFF = [
  'diff --git a/pkg/a.py b/pkg/a.py',
  '--- a/pkg/a.py',
  '+++ b/pkg/a.py',
  '@@ -1,3 +1,3 @@',
  ' def f(x):',
  '-    return x + 1',
  '+    return x + 2',
  '+',
  '+    # a comment',
  ')',
  'diff --git a/pkg/old.py b/pkg/old.py',
  '--- a/pkg/old.py',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-def g():',
  '-    return "moved"',
].join('\n');

const DIGEST = [
  '## `pkg/a.py`',
  '',
  '```diff',
  ' def f(x):',
  '-    return x + 1',
  '+    return x + 2',
  '```',
  '',
  '## `pkg/new.py`',
  '',
  '```python',
  'def g():',
  '    return "moved"',
  '    return "moved"',
  '```',
  '',
  '### Call sites to check',
  '',
  '  - `pkg/b.py:7` in `pkg.b.run`: `return f(3)`',
].join('\n');

describe('eval:review measures', () => {
  it('reads the non-trivial changed lines of a diff, by file', () => {
    expect(diffChangedLines(DIFF)).toEqual([
      { file: 'pkg/a.py', tag: '-', text: '    return x + 1' },
      { file: 'pkg/a.py', tag: '+', text: '    return x + 2' },
      { file: 'pkg/old.py', tag: '-', text: 'def g():' },
      { file: 'pkg/old.py', tag: '-', text: '    return "moved"' },
    ]);
  });

  it('counts a changed line shown in its file, and a removed one shown at another place (a move)', () => {
    const shown = digestCodeLines(DIGEST);
    expect(shownCount(diffChangedLines(DIFF), shown)).toBe(4);
    expect(shownCount([{ file: 'pkg/a.py', tag: '+', text: '    return x + 3' }], shown)).toBe(0);
  });

  it('counts a code line shown more often than its file holds it as duplicated', () => {
    const shown = digestCodeLines(DIGEST);
    expect(duplicatedLines(shown, () => 1)).toEqual({ lines: 6, duplicated: 1 });
    expect(duplicatedLines(shown, () => 2).duplicated).toBe(0);
  });

  it('reads the call lines a site list quotes, and cuts a diff to a budget at a line', () => {
    expect(listedCallLines(DIGEST)).toEqual([{ file: 'pkg/b.py', tag: 'code', text: 'return f(3)' }]);
    // Several sites of one file are listed under a line naming it.
    const nested = ['- `pkg.a.f` (modified), 3 call sites:', '  - `pkg/c.py`:', '    - 4 in `use`: `f(1)`', '    - 9 in `Box.run`: ``x = f(`a`)``', '  - 1 more outside test files: `pkg/d.py: 3`', '    - 5 in `x`: `f(2)`'].join('\n');
    expect(listedCallLines(nested)).toEqual([
      { file: 'pkg/c.py', tag: 'code', text: 'f(1)' },
      { file: 'pkg/c.py', tag: 'code', text: 'x = f(`a`)' },
    ]);
    const count = createTokenCounter('o200k_base').count;
    const cut = cutToBudget(DIFF, 20, count);
    expect(count(cut)).toBeLessThanOrEqual(20);
    expect(DIFF.startsWith(cut)).toBe(true);
    expect(cutToBudget(DIFF, 10_000, count)).toBe(DIFF);
  });
});
