// Tests of the code a question is about: a test stays below the code it tests, but right below it, not
// at the test prior's distance (priors.ts), because the change that fixes `_parse_content_type_header` also
// changes `test__parse_content_type_header`, and a reader of the code wants its tests next.
//
// Decisions:
// - A test is linked to a code symbol when it calls it (resolved `calls` edge from the test or from a
//   method of a test class) or when its bare name, or its test class's name, spells the code symbol's
//   name: `test__parse_content_type_header` and `TestExtractZippedPaths.test_x` name
//   `_parse_content_type_header` and `extract_zipped_paths` (compared lowercased without underscores, over
//   runs of whole sub-words, so `test_reader_close` does not name `read`).
// - A name link needs at least 6 letters and a name at most MAX_NAMESAKES code symbols carry (`__init__`,
//   `get` and `run` link nothing); a call link counts only for callees with at most MAX_TEST_CALLERS test
//   callers (a helper every test calls is not what those tests test).
// - At query time the testSeeds best non-test hits each lift their testsPerHit best-matching linked tests to
//   testShare of the hit's score (never lowering a test); chosen with eval:search (tuning.ts).
import type { Edge, PySymbol } from '../model.js';
import { looseName } from './signals.js';
import { subTokens } from './tokenize.js';
import type { RetrievalTuning } from './tuning.js';

const MIN_NAME_LETTERS = 6;
const MAX_NAMESAKES = 3;
const MAX_TEST_CALLERS = 30;
const MAX_SUBWORDS = 10;

export interface TestLinks {
  /** CSR: tests linked to code document d are list[start[d] .. start[d+1]). */
  readonly start: Uint32Array;
  readonly list: Uint32Array;
}

export function buildTestLinks(symbols: readonly PySymbol[], edges: readonly Edge[], isTest: Uint8Array, docOf: ReadonlyMap<string, number>): TestLinks {
  const n = symbols.length;
  const codeByLoose = new Map<string, number[]>();
  symbols.forEach((s, d) => {
    if (isTest[d] || s.kind === 'module') return;
    const loose = looseName(s.name.split('.').at(-1) ?? '');
    if (loose.length < MIN_NAME_LETTERS) return;
    const list = codeByLoose.get(loose);
    if (list) list.push(d);
    else codeByLoose.set(loose, [d]);
  });
  const pairs = new Set<number>(); // code * n + test, as one number (n^2 < 2^53 for any real repository)
  const link = (code: number, test: number) => void pairs.add(code * n + test);

  // Name links: every run of whole sub-words of the test's name (and of its test class's name).
  const namedBy = (name: string): number[] => {
    const words = subTokens(name).filter((w) => w !== 'test' && w !== 'tests').slice(0, MAX_SUBWORDS);
    const out: number[] = [];
    for (let i = 0; i < words.length; i++) {
      let run = '';
      for (let j = i; j < words.length; j++) {
        run += words[j]!;
        const code = codeByLoose.get(run);
        if (code && code.length <= MAX_NAMESAKES) out.push(...code);
      }
    }
    return out;
  };
  const classLinks = new Map<string, number[]>();
  symbols.forEach((s, d) => {
    if (!isTest[d] || s.kind === 'module') return;
    for (const code of namedBy(s.name.split('.').at(-1) ?? '')) link(code, d);
    if (s.kind !== 'class' && s.parent !== undefined) {
      let fromClass = classLinks.get(s.parent);
      if (!fromClass) {
        const parent = docOf.get(s.parent);
        fromClass = parent !== undefined && symbols[parent]!.kind === 'class' ? namedBy(symbols[parent]!.name.split('.').at(-1) ?? '') : [];
        classLinks.set(s.parent, fromClass);
      }
      for (const code of fromClass) link(code, d);
    }
  });

  // Call links: resolved calls from a test to code, for code called by few tests.
  const testCallers = new Map<number, number[]>();
  for (const e of edges) {
    if (e.kind !== 'calls' || e.resolution !== 'resolved') continue;
    const from = docOf.get(e.from);
    const to = docOf.get(e.to);
    if (from === undefined || to === undefined || !isTest[from] || isTest[to]) continue;
    const list = testCallers.get(to);
    if (list) list.push(from);
    else testCallers.set(to, [from]);
  }
  for (const [code, tests] of testCallers) if (tests.length <= MAX_TEST_CALLERS) for (const t of tests) link(code, t);

  const sorted = [...pairs].sort((a, b) => a - b);
  const start = new Uint32Array(n + 1);
  for (const p of sorted) start[Math.floor(p / n) + 1]!++;
  for (let d = 0; d < n; d++) start[d + 1]! += start[d]!;
  const list = new Uint32Array(sorted.length);
  sorted.forEach((p, i) => (list[i] = p % n));
  return { start, list };
}

/** Lifts the tests of the best non-test hits to `testShare` of their hit's score (in place). */
export function liftLinkedTests(links: TestLinks, scores: Float64Array, isTest: Uint8Array, tuning: RetrievalTuning): void {
  if (tuning.testShare <= 0 || tuning.testSeeds <= 0) return;
  const seeds: number[] = [];
  for (let d = 0; d < scores.length; d++) if (scores[d]! > 0 && !isTest[d]) seeds.push(d);
  seeds.sort((a, b) => scores[b]! - scores[a]! || a - b);
  const lifts: [number, number][] = [];
  for (const d of seeds.slice(0, tuning.testSeeds)) {
    const tests = Array.from(links.list.subarray(links.start[d]!, links.start[d + 1]!));
    tests.sort((a, b) => scores[b]! - scores[a]! || a - b);
    for (const t of tests.slice(0, tuning.testsPerHit)) lifts.push([t, tuning.testShare * scores[d]!]);
  }
  for (const [t, score] of lifts) if (score > scores[t]!) scores[t] = score;
}
