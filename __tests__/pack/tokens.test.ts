import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenCounter, MEMO_MAX_ENTRIES, memoSize, TOKEN_ENCODINGS } from '../../src/pack/tokens.js';

describe('createTokenCounter', () => {
  it('counts with the chosen encoding', () => {
    const o200k = createTokenCounter('o200k_base');
    const cl100k = createTokenCounter('cl100k_base');
    expect(o200k.encoding).toBe('o200k_base');
    expect(cl100k.encoding).toBe('cl100k_base');
    expect(o200k.count('hello world')).toBe(2);
    expect(cl100k.count('hello world')).toBe(2);
    expect(o200k.count('')).toBe(0);
    // The two vocabularies differ: some text must count differently.
    const samples = ['def __init__(self, *args, **kwargs):', 'Ünïcode déjà vu — «quotes»', '日本語のテキストを数える', '    return {k: v for k, v in x.items()}'];
    expect(samples.some((s) => o200k.count(s) !== cl100k.count(s))).toBe(true);
  });

  it('treats special-token text in code as plain text instead of throwing', () => {
    const counter = createTokenCounter('o200k_base');
    const n = counter.count('marker = "<|endoftext|>"');
    expect(n).toBeGreaterThan(3);
  });

  it('counts are additive across newline-separated blocks within a token or two', () => {
    const counter = createTokenCounter('o200k_base');
    const a = 'def f(x):\n    return x + 1\n';
    const b = 'def g(y):\n    return f(y) * 2\n';
    expect(Math.abs(counter.count(a + b) - counter.count(a) - counter.count(b))).toBeLessThanOrEqual(2);
  });

  it('memoises by text: a repeated count is served without encoding again', () => {
    const counter = createTokenCounter('o200k_base');
    const big = 'def f(x):\n    return x + 1\n'.repeat(20_000);
    const first = performance.now();
    const n = counter.count(big);
    const firstMs = performance.now() - first;
    const again = performance.now();
    expect(counter.count(big)).toBe(n);
    const againMs = performance.now() - again;
    expect(againMs).toBeLessThan(firstMs / 10);
  });

  it('builds each encoder once per process: further counters are cheap', () => {
    createTokenCounter('cl100k_base').count('warm up');
    const start = performance.now();
    for (let i = 0; i < 5; i++) expect(createTokenCounter('cl100k_base').count('hello world')).toBe(2);
    // Building cl100k's tables takes ~1 s; five counters must not pay it again.
    expect(performance.now() - start).toBeLessThan(100);
  });

  it('shares the memo per encoding and keeps it bounded', () => {
    const a = createTokenCounter('o200k_base');
    const b = createTokenCounter('o200k_base');
    const text = `shared_${Date.now()} = 1`;
    const n = a.count(text);
    const before = memoSize('o200k_base');
    expect(b.count(text)).toBe(n);
    expect(memoSize('o200k_base')).toBe(before);
    for (let i = 0; i < MEMO_MAX_ENTRIES + 10; i++) a.count(`v${i}`);
    expect(memoSize('o200k_base')).toBeLessThanOrEqual(MEMO_MAX_ENTRIES);
    expect(a.count('v7')).toBe(createTokenCounter('o200k_base').count('v7'));
  });
});

describe('atLeast: a lower bound without byte-pair encoding', () => {
  const samples = [
    '',
    'x',
    'def __init__(self, *args, **kwargs):\n    return {k: v for k, v in x.items()}\n',
    `    ${'='.repeat(500)}\n${' '.repeat(300)}y\n`,
    'Ünïcode déjà vu — «quotes» 日本語のテキスト 🙂🙂🙂 \r\n\t<|endoftext|>',
    "it's they're we've I'd 1234567 3.14159e-10 0x1F",
  ];

  it('never exceeds the exact count, for both encodings, on code and on any string', () => {
    for (const encoding of TOKEN_ENCODINGS) {
      const counter = createTokenCounter(encoding);
      for (const text of samples) expect(counter.atLeast(text, Infinity)).toBeLessThanOrEqual(counter.count(text));
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), (g, b) => {
          for (const text of [g, b, g + b]) expect(counter.atLeast(text, Infinity)).toBeLessThanOrEqual(counter.count(text));
        }),
        { numRuns: 300, seed: 20261130 },
      );
    }
  });

  it('is close to the exact count on code, and stops just past the limit', () => {
    const counter = createTokenCounter('o200k_base');
    const code = 'def f(x):\n    return helper(x, key="value") + 1\n'.repeat(200);
    const exact = counter.count(code);
    const bound = counter.atLeast(code, Infinity);
    expect(bound).toBeLessThanOrEqual(exact);
    expect(bound).toBeGreaterThan(exact * 0.6);
    expect(counter.atLeast(code, 10)).toBe(11);
    expect(counter.atLeast('a b', 10)).toBe(counter.atLeast('a b', Infinity));
  });
});
