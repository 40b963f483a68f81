import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/pack/tokens.js';

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
});
