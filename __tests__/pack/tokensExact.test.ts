// Our token counter must give js-tiktoken's own counts, token for token: on real Python, on texts
// built to stress the long-line memo (tokens.ts restartsAt), and on random strings. js-tiktoken's
// quadratic merge limits how long a single piece can be here (a 4 KB piece takes it ~1 s).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k_base from 'js-tiktoken/ranks/cl100k_base';
import o200k_base from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { createTokenCounter, TOKEN_ENCODINGS, type TokenEncoding } from '../../src/pack/tokens.js';

const reference: Record<TokenEncoding, Tiktoken> = { o200k_base: new Tiktoken(o200k_base), cl100k_base: new Tiktoken(cl100k_base) };
const expected = (encoding: TokenEncoding, text: string): number => reference[encoding].encode(text, [], []).length;

function pythonFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) pythonFiles(path, out);
    else if (name.endsWith('.py')) out.push(path);
  }
  return out;
}

/** The standard library of the machine's Python 3: a few hundred KB of real code, in sorted order. */
function stdlibSample(maxChars: number): string[] {
  let dir: string;
  try {
    dir = execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_path("stdlib"))'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('this test reads Python 3\'s standard library as real code: install python3 (apt-get install python3)');
  }
  const texts: string[] = [];
  let total = 0;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.py') || total >= maxChars) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    texts.push(text);
    total += text.length;
  }
  return texts;
}

describe('token counts equal js-tiktoken', () => {
  it('on every .py file of examples/ and the test fixtures', () => {
    const files = [...pythonFiles('examples'), ...pythonFiles('__tests__/fixtures')];
    expect(files.length).toBeGreaterThan(20);
    for (const encoding of TOKEN_ENCODINGS) {
      const counter = createTokenCounter(encoding);
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        expect([file, counter.count(text)]).toEqual([file, expected(encoding, text)]);
      }
    }
  });

  it('on ~400 KB of the Python standard library', () => {
    const texts = stdlibSample(400_000);
    expect(texts.join('').length).toBeGreaterThan(300_000);
    for (const encoding of TOKEN_ENCODINGS) {
      const counter = createTokenCounter(encoding);
      let ours = 0;
      let theirs = 0;
      for (const text of texts) {
        ours += counter.count(text);
        theirs += expected(encoding, text);
      }
      expect(ours).toBe(theirs);
    }
  });

  it('on long lines (counted and memoised apart) in every surrounding, counted in any order', () => {
    const words = 'alpha Beta_gamma(1234567, "δέλτα") / epsilon\t!! '.repeat(120); // ~6 KB, short pieces
    const befores = ['', 'x\n', 'x\n\n', 'x  \n', '!!\n', 'x\n\t', 'x\r\n', 'y = "\n', '\n \n'];
    const afters = ['', '\n', '\n/', '\n\n', '\n  z', '\n/x', '\r\n', '  \n', '\n```\n'];
    const lines = [words, `    ${words}`, `/${words}`, ` ${words}`, `${words}\u2028`];
    for (const encoding of TOKEN_ENCODINGS) {
      const counter = createTokenCounter(encoding);
      for (const line of lines)
        for (const before of befores)
          for (const after of afters) {
            const text = `${before}${line}${after}`;
            expect([JSON.stringify(before), JSON.stringify(after), counter.count(text)]).toEqual([JSON.stringify(before), JSON.stringify(after), expected(encoding, text)]);
          }
    }
  });

  it('on long single pieces (the heap merge against the rescanning merge)', () => {
    const pieces = ['A'.repeat(1500), 'a'.repeat(1200), '!'.repeat(1000), `${' '.repeat(1000)}x`, 'Zy'.repeat(500), 'é'.repeat(600), '🙂'.repeat(300), '\u0301'.repeat(500)];
    for (const encoding of TOKEN_ENCODINGS) {
      const counter = createTokenCounter(encoding);
      for (const piece of pieces) expect([piece.slice(0, 4), counter.count(piece)]).toEqual([piece.slice(0, 4), expected(encoding, piece)]);
    }
  });

  it('on random strings of any Unicode', () => {
    for (const encoding of TOKEN_ENCODINGS) {
      const counter = createTokenCounter(encoding);
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.stringMatching(/^[A-Za-z0-9 \n!'/]{0,400}$/), (g, b, ascii) => {
          for (const text of [g, b, ascii, g + ascii + b]) expect(counter.count(text)).toBe(expected(encoding, text));
        }),
        { numRuns: 300, seed: 20261201 },
      );
    }
  });
});
