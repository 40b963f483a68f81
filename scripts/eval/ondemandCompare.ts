// Compares a full-index PR digest with the on-demand one (scripts/eval/ondemand.ts, and the equality
// test in __tests__/pipeline/onDemandPr.test.ts).
//
// `identical`: byte for byte. `lower-bound`: the texts differ only where the count of symbols never
// considered enters (pipeline/onDemandPr.ts): skip lines `not considered: …`, the skip counts (the
// "Skipped (N)" heading, "… and N more not listed", the footer's "M skipped", XML's count attributes,
// JSON's skippedTotal and notVisitedTotal) and the token figures those counts' digits move. Anything else is `different`.
export type Verdict = 'identical' | 'lower-bound' | 'different';

export interface Comparison {
  verdict: Verdict;
  /** The first differing line, full index then on demand (unset when identical). */
  firstDifference?: string;
}

const NOT_CONSIDERED = /not considered/;
const COUNT_LINE = /Skipped \(|more not listed|skipped|tokens|"skippedTotal"|"notVisitedTotal"|"totalTokens"|insidePacked|<skipped|<usage|already inside/;

function masked(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !NOT_CONSIDERED.test(line))
    .map((line) => (COUNT_LINE.test(line) ? line.replace(/\d[\d,]*/g, '#') : line));
}

function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] !== right[i]) return `line ${i + 1}: ${JSON.stringify((left[i] ?? '<end>').slice(0, 160))} vs ${JSON.stringify((right[i] ?? '<end>').slice(0, 160))}`;
  }
  return '';
}

export function compareDigests(full: string, onDemand: string, format: string): Comparison {
  if (full === onDemand) return { verdict: 'identical' };
  const first = firstDifference(full, onDemand);
  // JSON: its `content` (the markdown digest) is one string line; compare it unfolded.
  const unfold = (text: string) => (format === 'json' ? unfoldJson(text) : text);
  const a = masked(unfold(full));
  const b = masked(unfold(onDemand));
  const same = a.length === b.length && a.every((line, i) => line === b[i]);
  return { verdict: same ? 'lower-bound' : 'different', firstDifference: same ? first : firstDifference(a.join('\n'), b.join('\n')) };
}

function unfoldJson(text: string): string {
  try {
    // The JSON lists only measured skips (render/json.ts): the never-considered ones and those inside a
    // packed symbol are counts (`notVisitedTotal`, `insidePackedTotal`), masked like the others, and the
    // names of the nearest never-considered ones (`notVisitedFirst`) are that lower-bound part itself.
    const data = JSON.parse(text) as Record<string, unknown>;
    const content = typeof data.content === 'string' ? data.content : '';
    return `${content}\n${JSON.stringify({ ...data, content: undefined, notVisitedFirst: undefined }, null, 2)}`;
  } catch {
    return text;
  }
}
