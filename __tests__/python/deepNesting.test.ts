// Issue 9, defect 5 (last item): 2,000-deep nested defs were noted as "syntax errors ... (lines 1)":
// tree-sitter gives up past 512 levels and wraps the file in one ERROR node from line 1. The note
// now names the line CPython itself rejects (checked with `compile()`: IndentationError, line 103).
import { describe, expect, it } from 'vitest';
import { extract } from './extractHarness.js';

function nested(depth: number): string {
  const lines: string[] = [];
  for (let i = 0; i < depth; i++) lines.push(`${' '.repeat(i)}def f${i}():`);
  lines.push(`${' '.repeat(depth)}return 1`);
  return `${lines.join('\n')}\n`;
}

describe('deeply nested definitions', () => {
  it('the note points at the line where the nesting becomes too deep, not at line 1', async () => {
    const record = await extract(`import os\n\n${nested(2000)}`, 'm.py');
    expect(record.partial).toBe(true);
    expect(record.notes).toEqual([
      'syntax errors: partially parsed (lines 103)',
      'line 103: 100 nested indentation levels, which Python refuses ("too many levels of indentation")',
      'indentation over 383 columns read as 383 (lines 387, 388, 389, 390, 391, 392, 393, 394, 395, 396 and 1607 more): the Python grammar cannot hold deeper indentation',
    ]);
  });

  it('99 levels are legal Python and 2 levels with a real error keep their own line', async () => {
    expect((await extract(nested(99), 'm.py')).notes).toEqual([]);
    const broken = await extract(`${nested(2)}def g(:\n    pass\n`, 'm.py');
    expect(broken.notes).toEqual(['syntax errors: partially parsed (lines 4)']);
  });
});
