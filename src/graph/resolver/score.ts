// Scoring a resolver against expected call edges: per-edge precision and recall, micro-averaged
// per category and overall (every edge weighs the same, whichever case it comes from).

export type EdgePair = readonly [from: string, to: string];

export interface CaseResult {
  category: string;
  name: string;
  expected: EdgePair[];
  actual: EdgePair[];
}

export interface Score {
  label: string;
  cases: number;
  expected: number;
  predicted: number;
  truePositives: number;
  precision: number;
  recall: number;
}

const key = (p: EdgePair): string => `${p[0]}\u0000${p[1]}`;

export function caseCounts(c: CaseResult): { tp: number; missing: EdgePair[]; extra: EdgePair[] } {
  const expected = new Set(c.expected.map(key));
  const actual = new Set(c.actual.map(key));
  const missing = c.expected.filter((p) => !actual.has(key(p)));
  const extra = c.actual.filter((p) => !expected.has(key(p)));
  return { tp: actual.size - extra.length, missing, extra };
}

function score(label: string, cases: readonly CaseResult[]): Score {
  let expected = 0;
  let predicted = 0;
  let tp = 0;
  for (const c of cases) {
    expected += new Set(c.expected.map(key)).size;
    predicted += new Set(c.actual.map(key)).size;
    tp += caseCounts(c).tp;
  }
  return {
    label,
    cases: cases.length,
    expected,
    predicted,
    truePositives: tp,
    precision: predicted === 0 ? 1 : tp / predicted,
    recall: expected === 0 ? 1 : tp / expected,
  };
}

/** One score per category (sorted), then the overall score last. */
export function scoreByCategory(cases: readonly CaseResult[]): Score[] {
  const categories = [...new Set(cases.map((c) => c.category))].sort();
  const rows = categories.map((cat) => score(cat, cases.filter((c) => c.category === cat)));
  rows.push(score('overall', cases));
  return rows;
}
