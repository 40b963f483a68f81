// A large generated file: everything is found, and extraction stays linear. The bound is loose on
// purpose (machines are noisy); it exists to catch a quadratic regression such as calling
// `node.parent` per definition, which made this very file 10x+ slower than its parse.
import { describe, expect, it } from 'vitest';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';
import { refText } from './extractHarness.js';

function generated(count: number): string {
  let source = 'import os\n\n';
  for (let i = 0; i < count; i++) {
    source += `@dec(${i})\ndef f${i}(a, b: int = 3, *args, c=None, **kw) -> str:\n    """Doc ${i}."""\n`;
    source += `    x = C(a)\n    self.y = os.path.join(a, b.c.d)\n    return [g(z) for z in x if z.ok]\n\n`;
  }
  return source;
}

function best(fn: () => void, runs: number): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    min = Math.min(min, performance.now() - start);
  }
  return min;
}

describe('a 5,000-function file', () => {
  it('yields every definition with its calls, and costs a bounded multiple of its parse', async () => {
    const parser = await loadPythonParser();
    const source = generated(5000);
    const record = extractFile(parser, 'big.py', source);
    expect(record.symbols).toHaveLength(5001);
    const last = record.symbols[5000]!;
    expect(last.id).toBe('big.f4999');
    expect(last.decorators).toEqual(['dec(4999)']);
    expect(last.calls.map((c) => `${c.via}:${refText(c.callee)}`)).toEqual([
      'call:C',
      'call:os.path.join',
      'access:b.c.d',
      'call:g',
      'access:z.ok',
    ]);
    expect(record.symbols[0]!.calls.filter((c) => c.via === 'decorator')).toHaveLength(5000);

    const parse = best(() => parser.parse(source).delete(), 3);
    const extract = best(() => extractFile(parser, 'big.py', source), 3);
    expect(extract / parse).toBeLessThan(8);
  });
});
