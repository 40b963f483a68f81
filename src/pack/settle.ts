// The footer states the token count of the very document that contains it. That count is a fixed
// point: render with a guess, count, render with the count, ... Numbers tokenize in groups of up to
// three digits, so the count only moves when the guess changes its number of digits and the sequence
// settles within two or three renders. Should it ever cycle, nearby values are tried; when none is
// exact the caller treats the document as not fitting and removes something.
import type { TokenCounter } from './tokens.js';

export interface Settled {
  text: string;
  used: number;
}

export function settleUsage(render: (used: number) => string, counter: TokenCounter, guess: number): Settled | undefined {
  const tried: number[] = [];
  let used = guess;
  for (let i = 0; i < 8; i++) {
    const text = render(used);
    const count = counter.count(text);
    if (count === used) return { text, used };
    tried.push(used);
    used = count;
  }
  const low = Math.max(0, Math.min(...tried) - 4);
  const high = Math.max(...tried) + 4;
  for (let u = low; u <= high; u++) {
    const text = render(u);
    if (counter.count(text) === u) return { text, used: u };
  }
  return undefined;
}
