// Retrieval eval from a repository's history: `npm run eval:search -- <git repo>... [--commits N] [--details] [--json]`
//
// Each question is a commit message (subject + body, trailers such as Signed-off-by dropped); its answer
// is the set of functions and methods the commit MODIFIED (src/diff/changedSymbols.ts: the innermost
// symbol owning a changed line; added and removed ones are not answers, they do not exist or stay gone).
// Both rankers search the tree BEFORE the commit (its first parent). Commits are taken newest first along
// the first-parent line, merges left out, and skipped when:
// - they modify no function or method;
// - they modify more than MAX_ANSWERS of them (a sweeping refactor is not a question, and Acc@10 could
//   not be met at all);
// - the message names a modified function verbatim (its bare name as a whole word): such a question is
//   answered by looking the name up, not by retrieval.
// Metrics per question, averaged: P@1 (the first hit is an answer), R@5 / R@10 (share of the answers in
// the top 5 / 10), MRR (1 / rank of the first answer within the top 100, else 0), Acc@10 (every answer
// in the top 10). The baseline is the seed-style BM25 over symbol id + signature + docstring
// (src/search/bm25.ts), measured in the same run on the same questions.
//
// Speed: the parent tree is read from git, not checked out. File records are cached by (path, blob):
// extraction is per file and pure, so a file unchanged between two parents is extracted once; the call
// graph and both search indexes are rebuilt for every parent (they are cross-file). The file list is the
// parent's git tree (committed .py files, the same folders skipped as discover.ts skips), so .gitignore
// plays no part: committed files are what the commit saw.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { readFilesAtRevision } from '../../src/diff/gitDiff.js';
import { collectPrChanges } from '../../src/diff/prChanges.js';
import { decodePythonSource } from '../../src/files/decode.js';
import { DEFAULT_MAX_FILE_BYTES } from '../../src/files/read.js';
import type { FileRecord, RepoIndex } from '../../src/model.js';
import { assembleIndex, importIdOf } from '../../src/pipeline/indexRepository.js';
import { searchRepository } from '../../src/pipeline/searchRepository.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';
import { buildSearchIndex, searchIndex } from '../../src/search/bm25.js';
import { DEFAULT_TUNING, type RetrievalTuning } from '../../src/search/tuning.js';

const MAX_ANSWERS = 10;
const DEPTH = 100;
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '__pycache__', '.tox', '.mypy_cache', '.venv', 'venv']);

interface Question {
  repo: string;
  commit: string;
  parent: string;
  message: string;
  answers: string[];
}

interface Ranked {
  ranks: (number | undefined)[];
}

interface Scores {
  n: number;
  p1: number;
  r5: number;
  r10: number;
  mrr: number;
  acc10: number;
}

type Ranker = (index: RepoIndex, question: string, top: number) => string[];

const BASE_RANKERS: { name: string; rank: Ranker }[] = [
  {
    name: 'plain BM25 (id + signature + docstring)',
    rank: (index, q, top) => searchIndex(baselineOf(index), q, top).map((h) => h.id),
  },
  { name: 'repodigest search', rank: (index, q, top) => searchRepository(index, q, top).map((h) => h.id) },
];

/**
 * `--grid`: the settings tried when the defaults were chosen (src/search/tuning.ts), scored on the same
 * questions in the same run; choose on a development split (`--offset`, or some repositories), report on
 * the rest. The fourth session also tried pseudo-relevance feedback (removed: it lowered MRR everywhere).
 */
export function gridVariants(): { name: string; tuning: RetrievalTuning }[] {
  // 2026-12-01, fifth session: the test prior and the test intent (35 of 93 questions had only test
  // answers), the body weight, and combinations of them; t1.0 is a reference only (no test prior breaks
  // the issue's "non-test code over tests").
  const tests = { testFactor: 0.5, testFactorAsked: 1, broadTestIntent: true };
  const rows: [string, Partial<RetrievalTuning>][] = [
    ['before (fourth session)', {}],
    ['t0.5', { testFactor: 0.5 }],
    ['t0.7', { testFactor: 0.7 }],
    ['t1.0 (reference)', { testFactor: 1, testFactorAsked: 1 }],
    ['t0.5 ta1 broad', tests],
    ['body0.5', { bodyFactor: 0.5 }],
    ['body2', { bodyFactor: 2 }],
    ['g0.15', { graphShare: 0.15 }],
    ['g0.5', { graphShare: 0.5 }],
    ['p0.3', { pathBoost: 0.3 }],
    ['c0.5', { classFactor: 0.5 }],
    ['T body2', { ...tests, bodyFactor: 2 }],
    ['T body2 p0.3', { ...tests, bodyFactor: 2, pathBoost: 0.3 }],
    ['body2 p0.3', { bodyFactor: 2, pathBoost: 0.3 }],
    ['body2 p0.3 g0.15', { bodyFactor: 2, pathBoost: 0.3, graphShare: 0.15 }],
    ['L0.8', { testShare: 0.8 }],
    ['L0.6', { testShare: 0.6 }],
    ['L0.9', { testShare: 0.9 }],
    ['L0.8 s3', { testShare: 0.8, testSeeds: 3 }],
    ['L0.8 s10', { testShare: 0.8, testSeeds: 10 }],
    ['L0.8 h1', { testShare: 0.8, testsPerHit: 1 }],
    ['L0.8 h5', { testShare: 0.8, testsPerHit: 5 }],
    ['L0.8 body2', { testShare: 0.8, bodyFactor: 2 }],
    ['L0.8 body2 p0.3', { testShare: 0.8, bodyFactor: 2, pathBoost: 0.3 }],
    ['L0.8 body2 p0.3 g0.15', { testShare: 0.8, bodyFactor: 2, pathBoost: 0.3, graphShare: 0.15 }],
    ['L0.8 g0.15', { testShare: 0.8, graphShare: 0.15 }],
    ['L0.8 T body2 p0.3', { ...tests, testShare: 0.8, bodyFactor: 2, pathBoost: 0.3 }],
    ['L0.6 body2 p0.3', { testShare: 0.6, bodyFactor: 2, pathBoost: 0.3 }],
    ['ta1.0', { testFactorAsked: 1 }],
    ['M', { metaWords: true }],
    ['M g0.15', { metaWords: true, graphShare: 0.15 }],
    ['M body2 p0.3', { metaWords: true, bodyFactor: 2, pathBoost: 0.3 }],
    ['M body2 p0.3 g0.15', { metaWords: true, bodyFactor: 2, pathBoost: 0.3, graphShare: 0.15 }],
    ['M ta1 body2 p0.3 g0.15', { metaWords: true, testFactorAsked: 1, bodyFactor: 2, pathBoost: 0.3, graphShare: 0.15 }],
    ['M L0.8 body2 p0.3 g0.15', { metaWords: true, testShare: 0.8, bodyFactor: 2, pathBoost: 0.3, graphShare: 0.15 }],
    ['M T body2 p0.3 g0.15', { ...tests, metaWords: true, bodyFactor: 2, pathBoost: 0.3, graphShare: 0.15 }],
  ];
  // Every row is a change to the fourth session's defaults, so the grid reproduces the run that chose the
  // current ones (its 'M T body2 p0.3 g0.15' row is today's DEFAULT_TUNING).
  const before: RetrievalTuning = { ...DEFAULT_TUNING, testFactor: 0.3, testFactorAsked: 0.8, graphShare: 0.3, pathBoost: 0, bodyFactor: 1, broadTestIntent: false, metaWords: false };
  return rows.map(([name, change]) => ({ name, tuning: { ...before, ...change } }));
}

const baselineIndexes = new WeakMap<RepoIndex, ReturnType<typeof buildSearchIndex>>();
function baselineOf(index: RepoIndex) {
  let built = baselineIndexes.get(index);
  if (!built) {
    built = buildSearchIndex(index.symbols);
    baselineIndexes.set(index, built);
  }
  return built;
}

function git(repo: string, args: string[]): string {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 30 });
}

/** The message as a question: trailers (`Signed-off-by:`, `Co-authored-by:`, ...) carry no meaning. */
export function questionOf(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^[A-Za-z-]+-by:\s/.test(line))
    .join('\n')
    .trim();
}

function namesVerbatim(message: string, id: string, index: RepoIndex | undefined): boolean {
  const name = index?.byId.get(id)?.name.split('.').at(-1) ?? id.split('.').at(-1) ?? id;
  return new RegExp(`(^|[^A-Za-z0-9_])${name.replace(/[^A-Za-z0-9_]/g, '\\$&')}($|[^A-Za-z0-9_])`).test(message);
}

const recordCache = new Map<string, FileRecord | null>();

/** The index of `rev`'s tree, files extracted once per (path, blob). */
async function indexAt(repo: string, rev: string, parser: PythonParser): Promise<RepoIndex> {
  const listing = git(repo, ['ls-tree', '-r', '-z', '--full-tree', rev]).split('\0').filter(Boolean);
  const wanted: { path: string; key: string }[] = [];
  for (const row of listing) {
    const [meta, path] = row.split('\t') as [string, string];
    const [mode, type, blob] = meta.split(' ');
    if (type !== 'blob' || mode === '120000' || !path.endsWith('.py')) continue;
    if (path.split('/').some((part) => SKIPPED_DIRS.has(part))) continue;
    wanted.push({ path, key: `${blob}:${path}` });
  }
  const missing = wanted.filter((w) => !recordCache.has(w.key));
  if (missing.length > 0) {
    const bytes = await readFilesAtRevision(repo, rev, missing.map((w) => w.path));
    for (const w of missing) {
      const raw = bytes.get(w.path);
      const decoded = raw && raw.length <= DEFAULT_MAX_FILE_BYTES ? decodePythonSource(raw) : undefined;
      let record: FileRecord | null = null;
      if (decoded?.ok) {
        try {
          record = extractFile(parser, w.path, decoded.text);
        } catch {
          record = null;
        }
      }
      recordCache.set(w.key, record);
    }
  }
  const files = wanted.map((w) => recordCache.get(w.key)).filter((r): r is FileRecord => !!r);
  return assembleIndex(repo, files, []);
}

/** Questions one by one with their parent's index: one index lives at a time (Sphinx's take ~50 MB each). */
async function* questionsOf(repo: string, commits: number, offset: number, parser: PythonParser, log: (s: string) => void): AsyncGenerator<{ question: Question; index: RepoIndex }> {
  // --name-only lists each commit's files after its message: a commit touching no .py file is skipped
  // without running the diff machinery (most skipped commits are documentation and CI).
  const raw = git(repo, ['log', '--first-parent', '--no-merges', `-n${(commits + offset) * 30}`, '--name-only', '--format=%x1e%H%x00%P%x00%B%x00', 'HEAD']);
  let found = 0;
  let passed = 0;
  const skipped = { noFunction: 0, tooMany: 0, verbatim: 0, root: 0 };
  for (const entry of raw.split('\x1e')) {
    if (found >= commits) break;
    const [commit, parents, body, names] = entry.trim().split('\0') as [string, string | undefined, string | undefined, string | undefined];
    if (!commit || body === undefined) continue;
    if (!(names ?? '').split('\n').some((name) => name.trim().endsWith('.py'))) {
      skipped.noFunction++;
      continue;
    }
    const parent = parents?.split(' ')[0];
    if (!parent) {
      skipped.root++;
      continue;
    }
    const message = questionOf(body);
    const changes = await collectPrChanges(repo, parent, commit, parser, undefined, { fetchMissing: false, scanPrefix: '' });
    const answers = changes.changed
      .filter((c) => c.change === 'modified' && (c.kind === 'function' || c.kind === 'method'))
      .map((c) => c.id);
    if (answers.length === 0) {
      skipped.noFunction++;
      continue;
    }
    if (answers.length > MAX_ANSWERS) {
      skipped.tooMany++;
      continue;
    }
    // --offset: the first `offset` questions are passed over before their tree is indexed (a development
    // split of older commits). The check here is the one below without the index: bare names from the
    // ids, every answer counted; a question passed over is never one of the questions asked.
    if (passed < offset) {
      if (!answers.some((id) => namesVerbatim(message, id, undefined))) passed++;
      continue;
    }
    const index = await indexAt(repo, parent, parser);
    // The diff machinery names symbols by path (`src._pytest.logging.X`), the index by import name
    // (`_pytest.logging.X`) in a `src/` layout: without this mapping every library answer of such a
    // repository was dropped and only its tests stayed answers (fixed 2026-12-01, fifth session).
    const toIndexId = importIdOf(index);
    const present = [...new Set(answers.map(toIndexId))].filter((id) => index.byId.has(id)).sort();
    if (present.length === 0) {
      skipped.noFunction++;
      continue;
    }
    if (present.some((id) => namesVerbatim(message, id, index))) {
      skipped.verbatim++;
      continue;
    }
    found++;
    log(`  ${found}/${commits} ${commit.slice(0, 10)} ${present.length} answer(s), ${index.symbols.length} symbols`);
    yield { question: { repo, commit, parent, message, answers: present }, index };
  }
  log(`  skipped: ${skipped.noFunction} modify no function, ${skipped.tooMany} modify more than ${MAX_ANSWERS}, ${skipped.verbatim} name one verbatim, ${skipped.root} root`);
}

function rankOf(results: readonly string[], answers: readonly string[]): Ranked {
  return { ranks: answers.map((a) => { const i = results.indexOf(a); return i < 0 ? undefined : i + 1; }) };
}

export function scoreQuestion(ranked: Ranked): Omit<Scores, 'n'> {
  const ranks = ranked.ranks;
  const within = (k: number) => ranks.filter((r) => r !== undefined && r <= k).length;
  const first = Math.min(...ranks.map((r) => r ?? Infinity));
  return {
    p1: ranks.includes(1) ? 1 : 0,
    r5: within(5) / ranks.length,
    r10: within(10) / ranks.length,
    mrr: Number.isFinite(first) ? 1 / first : 0,
    acc10: within(10) === ranks.length ? 1 : 0,
  };
}

function mean(rows: Omit<Scores, 'n'>[]): Scores {
  const n = rows.length;
  const avg = (key: keyof Omit<Scores, 'n'>) => (n === 0 ? 0 : rows.reduce((a, r) => a + r[key], 0) / n);
  return { n, p1: avg('p1'), r5: avg('r5'), r10: avg('r10'), mrr: avg('mrr'), acc10: avg('acc10') };
}

interface Args {
  repos: string[];
  commits: number;
  offset: number;
  details: boolean;
  json: boolean;
  grid: boolean;
  dump: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const repos: string[] = [];
  let commits = 50;
  let offset = 0;
  let grid = false;
  let dump: string | undefined;
  let details = false;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--commits') {
      commits = Number(argv[++i]);
      if (!Number.isInteger(commits) || commits <= 0) throw new Error(`--commits takes a positive integer, got '${argv[i]}'`);
    } else if (a === '--offset') {
      offset = Number(argv[++i]);
      if (!Number.isInteger(offset) || offset < 0) throw new Error(`--offset takes a non-negative integer, got '${argv[i]}'`);
    } else if (a === '--dump') {
      dump = argv[++i];
      if (!dump) throw new Error('--dump takes a file name');
    } else if (a === '--grid') grid = true;
    else if (a === '--details') details = true;
    else if (a === '--json') json = true;
    else if (a.startsWith('-')) throw new Error(`unknown option '${a}' (expected --commits N, --offset N, --details, --json, --grid, --dump FILE)`);
    else repos.push(a);
  }
  if (repos.length === 0) throw new Error(USAGE);
  return { repos, commits, offset, details, json, grid, dump };
}

const USAGE = 'usage: npm run eval:search -- <git repo>... [--commits N] [--offset N] [--details] [--json] [--grid] [--dump FILE]';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    process.stderr.write(`eval:search: ${(error as Error).message}\n`);
    return 2;
  }
  const log = (s: string) => void process.stderr.write(`${s}\n`);
  const parser = await loadPythonParser();
  const RANKERS = [
    ...BASE_RANKERS,
    ...(args.grid ? gridVariants() : []).map((v) => ({ name: v.name, rank: ((index, q, top) => searchRepository(index, q, top, v.tuning).map((h) => h.id)) as Ranker })),
  ];

  const table: { repo: string; ranker: string; scores: Scores; ms: number }[] = [];
  const all = new Map<string, Omit<Scores, 'n'>[]>();
  for (const repo of args.repos) {
    log(`eval:search: ${repo}`);
    recordCache.clear();
    const rows = new Map(RANKERS.map((r) => [r.name, [] as Omit<Scores, 'n'>[]]));
    const ms = new Map(RANKERS.map((r) => [r.name, 0]));
    for await (const { question, index } of questionsOf(repo, args.commits, args.offset, parser, log)) {
      const record = { repo, commit: question.commit, message: question.message, answers: question.answers, ranks: {} as Record<string, (number | null)[]>, top: {} as Record<string, string[]> };
      const flush = () => args.dump && appendFileSync(args.dump, `${JSON.stringify(record)}\n`);
      for (const ranker of RANKERS) {
        ranker.rank(index, 'warm up', 1); // index building is not query time
        const start = performance.now();
        const results = ranker.rank(index, question.message, DEPTH);
        ms.set(ranker.name, ms.get(ranker.name)! + performance.now() - start);
        const ranked = rankOf(results, question.answers);
        record.ranks[ranker.name] = ranked.ranks.map((r) => r ?? null);
        if (ranker === RANKERS[0] || ranker === RANKERS[1]) record.top[ranker.name] = results.slice(0, 10);
        rows.get(ranker.name)!.push(scoreQuestion(ranked));
        if (args.details) {
          log(`  [${ranker.name}] ${question.commit.slice(0, 10)} ${question.message.split('\n')[0]}`);
          log(`    answers: ${question.answers.map((a, i) => `${a} @${ranked.ranks[i] ?? '-'}`).join(', ')}`);
          log(`    top 3: ${results.slice(0, 3).join(', ')}`);
        }
      }
      flush(); // a JSON line per question: a long run's figures survive an interruption
    }
    for (const ranker of RANKERS) {
      const mine = rows.get(ranker.name)!;
      all.set(ranker.name, [...(all.get(ranker.name) ?? []), ...mine]);
      const name = repo.split('/').filter(Boolean).at(-1) ?? repo;
      table.push({ repo: name, ranker: ranker.name, scores: mean(mine), ms: mine.length ? ms.get(ranker.name)! / mine.length : 0 });
      log(`  ${rowText(table.at(-1)!)}`); // a long multi-repository run keeps each repository's figures
    }
  }
  if (args.repos.length > 1) for (const ranker of RANKERS) table.push({ repo: 'all', ranker: ranker.name, scores: mean(all.get(ranker.name) ?? []), ms: 0 });
  if (args.json) {
    process.stdout.write(`${JSON.stringify(table, null, 2)}\n`);
    return 0;
  }
  const lines = [TABLE_HEAD, TABLE_RULE, ...table.map(rowText)];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

const TABLE_HEAD = '| repository | ranker | questions | P@1 | R@5 | R@10 | MRR | Acc@10 | ms/query |';
const TABLE_RULE = '|---|---|---:|---:|---:|---:|---:|---:|---:|';

function rowText(row: { repo: string; ranker: string; scores: Scores; ms: number }): string {
  const s = row.scores;
  return `| ${row.repo} | ${row.ranker} | ${s.n} | ${pct(s.p1)} | ${pct(s.r5)} | ${pct(s.r10)} | ${s.mrr.toFixed(3)} | ${pct(s.acc10)} | ${row.repo === 'all' ? '' : row.ms.toFixed(1)} |`;
}

process.exitCode = await main(process.argv.slice(2));
