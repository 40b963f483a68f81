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

describe('expressions nested deeper than Python compiles', () => {
  // CPython 3.11 compiles each of these shapes up to 2,992 levels and refuses more ("maximum recursion
  // depth exceeded during compilation"); tree-sitter parses them, and its query matching over 80,000
  // attribute links took a minute. Such a file is refused before any query, with its reason.
  const deep: [string, string][] = [
    ['attribute links', `Y = helper${'.a'.repeat(80_000)}\n`],
    ['binary operators', `Y = 1${'+1'.repeat(20_000)}\n`],
    ['calls', `Y = f${'()'.repeat(20_000)}\n`],
    ['unary minus', `Y = ${'-'.repeat(20_000)}1\n`],
  ];
  for (const [shape, source] of deep) {
    it(`refuses ${shape} with the reason`, async () => {
      await expect(extract(source, 'm.py')).rejects.toThrow(/expressions nested over 4000 levels deep \(Python refuses to compile past about 3,000\); not queried/);
    });
  }

  it('keeps what Python compiles: 2,990 attribute links and a long flat file', async () => {
    const chain = await extract(`def g():\n    return helper${'.a'.repeat(2_990)}()\n`, 'm.py');
    expect(chain.partial).toBe(false);
    expect(chain.symbols.map((s) => s.id)).toEqual(['m', 'm.g']);
    expect(chain.symbols[1]!.calls).toHaveLength(1);
    const flat = await extract(Array.from({ length: 5000 }, (_, i) => `x${i} = f(${i})`).join('\n'), 'm.py');
    expect(flat.symbols[0]!.calls).toHaveLength(5000);
  });
});
