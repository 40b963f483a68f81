// Call shapes from real extraction: positional count, keyword names, `*`/`**`, none for no arguments.
import { describe, expect, it } from 'vitest';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

async function shapes(source: string): Promise<string[]> {
  const parser = await loadPythonParser();
  const file = extractFile(parser, 'm.py', source);
  const f = file.symbols.find((s) => s.name === 'f')!;
  return f.calls.filter((c) => c.via === 'call').map((c) => `${c.line}:${JSON.stringify(c.shape ?? null)}`);
}

describe('call shapes', () => {
  it('counts positional arguments, keyword names and splats', async () => {
    const got = await shapes(
      [
        'def f():',
        '    a()',
        '    a(1, "x, y", (2, 3))',
        '    a(1, key=2, other=[1, 2])',
        '    a(*args, **kwargs)',
        '    a(x for x in y)',
        '    a(1,  # a comment, with a comma',
        '      b == 2,',
        '    )',
        '    a(*xs, 1, k=1)',
        '',
      ].join('\n'),
    );
    expect(got).toEqual([
      '2:null',
      '3:{"positional":3}',
      '4:{"positional":1,"keywords":["key","other"]}',
      '5:{"positional":0,"star":true,"doubleStar":true}',
      '6:{"positional":1}',
      '7:{"positional":2}',
      '10:{"positional":1,"keywords":["k"],"star":true}',
    ]);
  });

  it('marks an argument list too long to read as unread', async () => {
    const long = `    a(${Array.from({ length: 900 }, (_, i) => `x${i}`).join(', ')})\n`;
    expect(await shapes(`def f():\n${long}`)).toEqual(['2:{"positional":0,"unread":true}']);
  });

  it('gives each call of a chain its own shape', async () => {
    expect(await shapes('def f():\n    make(1).run(2, k=3)\n')).toEqual(['2:{"positional":1,"keywords":["k"]}', '2:{"positional":1}']);
  });
});

describe('lambdas in an argument list', () => {
  it('reads a lambda with several parameters as one argument', async () => {
    const got = await shapes(
      [
        'def f():',
        '    a(eq=lambda a, b: a == b, class_name="X")',
        '    a(lambda x, y=(1, 2), *r: x, 3)',
        '    a(key=lambda: 1, other=2)',
        '    a(lambda_, b)',
        '    a((lambda a, b: a), c)',
        '',
      ].join('\n'),
    );
    expect(got).toEqual([
      '2:{"positional":0,"keywords":["eq","class_name"]}',
      '3:{"positional":2}',
      '4:{"positional":0,"keywords":["key","other"]}',
      '5:{"positional":2}',
      '6:{"positional":2}',
    ]);
  });
});
