// Token counting with the encodings of current OpenAI models, through js-tiktoken's `lite` entry
// and one rank file per encoding: the full `js-tiktoken` entry would pull every encoding's ranks
// (~10 MB) into dist/, these two are what we offer.
//
// Decisions:
// - Text is counted as plain text: `<|endoftext|>` inside analysed code is ordinary characters
//   (js-tiktoken would otherwise throw on special tokens).
// - Each encoder is built once per process, lazily (building o200k's rank table costs ~0.2 s);
//   each counter memoises counts by text, because the packer asks about the same symbols repeatedly.
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k_base from 'js-tiktoken/ranks/cl100k_base';
import o200k_base from 'js-tiktoken/ranks/o200k_base';

export type TokenEncoding = 'o200k_base' | 'cl100k_base';
export const TOKEN_ENCODINGS: readonly TokenEncoding[] = ['o200k_base', 'cl100k_base'];

export interface TokenCounter {
  readonly encoding: TokenEncoding;
  count(text: string): number;
}

const RANKS = { o200k_base, cl100k_base } as const;
const encoders = new Map<TokenEncoding, Tiktoken>();

function encoderFor(encoding: TokenEncoding): Tiktoken {
  let encoder = encoders.get(encoding);
  if (!encoder) {
    const ranks = RANKS[encoding];
    if (!ranks) throw new Error(`Unknown token encoding '${String(encoding)}': expected one of ${TOKEN_ENCODINGS.join(', ')}`);
    encoder = new Tiktoken(ranks);
    encoders.set(encoding, encoder);
  }
  return encoder;
}

export function createTokenCounter(encoding: TokenEncoding): TokenCounter {
  const encoder = encoderFor(encoding);
  const memo = new Map<string, number>();
  return {
    encoding,
    count(text: string): number {
      let n = memo.get(text);
      if (n === undefined) {
        n = text === '' ? 0 : encoder.encode(text, [], []).length;
        memo.set(text, n);
      }
      return n;
    },
  };
}
