// The markup fuzz target: text a pull request controls, made hostile, through every path that puts it
// in a PR comment or a job summary, rendered by cmark-gfm as GitHub renders them.
//
// A case is a handful of hostile strings (backtick runs, brackets, `!`, `<`, `@`, `#N`,
// `owner/repo#N`, `GH-N`, `www.`, `https://`, `mailto:`, entities such as `&#64;`, bidi and
// zero-width characters, `|`, newlines), used as:
// - names, notes, signature defaults, a title and skip reasons given straight to the renderers (the
//   PR header, changed-symbol list at the case's level, call sites, a symbol's view notes, the
//   markdown document, the time-limit digest);
// - a `post-digest` file (the untrusted second-workflow input), lines of markdown structure mixed
//   with the strings;
// - one case in PIPELINE_EVERY: file names, identifiers, a rewriting decorator and signature
//   defaults of a real temporary git repository, digested by the real PR pipeline (pr/digest.ts).
// Each markdown goes through the comment builder (render/comment.ts) and the job summary
// (action/summary.ts), and the renderers' own markdown is also checked as it is (the digest file).
//
// Invariants, checked by checkMarkupCase on cmark-gfm's HTML (`--unsafe`, GitHub's extensions):
// - no `<a>` and no `<img>`, no element our markdown does not make (raw HTML, a task-list box, a
//   footnote), no mention GitHub would link, no issue reference (`#N`, `owner/repo#N`, `GH-N`) outside
//   code; the PR's own number in our heading is the one reference allowed, in the digest file only;
// - names the renderers put in code spans stay whole, each in one `<code>` element (a broken span
//   renders its text as markdown).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { cmarkGfm, codeTexts, inertFindings } from '../../__tests__/support/renderedMarkdown.js';
import { partialDigest } from '../../src/action/partialDigest.js';
import { readSettings } from '../../src/action/settings.js';
import { summaryText } from '../../src/action/summary.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import type { PySymbol } from '../../src/model.js';
import type { DigestDocument, DigestItem } from '../../src/pack/document.js';
import { DEFAULT_PACK_SETTINGS } from '../../src/pipeline/packRepository.js';
import { renderCallSites } from '../../src/pr/callSites.js';
import { prDigest } from '../../src/pr/digest.js';
import { type ListLevel, type PrEntry, renderChangedList, renderPrHeader } from '../../src/pr/sections.js';
import { viewsOf } from '../../src/pr/views.js';
import { buildCommentBody } from '../../src/render/comment.js';
import { localId, renderMarkdown } from '../../src/render/markdown.js';
import { visibleText } from '../../src/shared/visibleText.js';

/** One case in this many also digests a real git repository (about 0.2 s each; the rest take milliseconds). */
export const PIPELINE_EVERY = 10;

export interface MarkupCase {
  /** Hostile strings: symbol and file names, notes and reasons. */
  names: string[];
  title: string;
  /** Signature defaults, before and after. */
  defaults: [string, string];
  decorator: string;
  postDigest: string;
  prNumber: number;
  level: ListLevel;
  budget: number;
  pipeline: boolean;
}

export interface MarkupOutcome {
  /** Documents rendered by cmark-gfm. */
  rendered: number;
  /** 1 when the case digested a real repository. */
  pipelines: number;
}

const FRAGMENTS = [
  '`', '``', '```', '````', '~~~', '[clk](https://evil.example/x)', '[x][r]', '[r]: https://evil.example', '[r]', '![img](https://evil.example/i.png)',
  '<img src=x>', '<a href="https://e.x">a</a>', '<details open>', '</details>', '<!--', '<https://e.x>', '<a@b.co>', '@octocat', '@org/team', 'a@b.co', 'x@.b.co',
  '#1', '#23', 'owner/repo#9', 'GH-12', 'gh-3', 'www.evil.example', 'WWW.e.x', 'https://evil.example', 'http://e.x', 'ftp://e.x', 'mailto:a@b.co',
  'xmpp:a@b.co/r', '&#64;octocat', '&#x40;x', '&commat;y', '&#35;1', '&#x23;2', '&num;3', '#&#52;', 'GH&#45;5', '&#119;ww.e.x', '&amp;', '&lt;b&gt;',
  '|', '\\|', '||', '\n', '\r\n', '\t', '\u202e', '\u200b', '\u2066', '\ufeff', '\u00a0', '!', '(', ')', '[', ']', '<', '>', '*', '**', '_', '~~', '\\',
  '- [ ] ', '[x]', '[^1]', '[^1]: x', ':', ';', '"', "'", ' ', '  ', 'www', '.', '-', '1', '#', '@', 'é', 'ｈelper', '🙂', '$x$', ':smile:',
];
const CHARS = ['`', '[', ']', '(', ')', '!', '<', '>', '@', '#', '|', '\\', '*', '_', '~', ':', '/', '.', '-', '&', ';', '"', "'", ' ', '\n', '\t', 'w', 'h', 'G', '1', 'x', 'é'];

const fragment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 6 }).map((c) => c.join('')) },
);
const hostile = (max: number): fc.Arbitrary<string> => fc.array(fragment, { minLength: 1, maxLength: max }).map((f) => f.join(''));

/** A line of a post-digest file: a block opener, then hostile text. */
const postLine = fc
  .tuple(fc.constantFrom('', '# ', '## ', '- ', '1. ', '> ', '| ', '    ', '   ', '```', '~~~', '[r]: ', '- [ ] ', '|---|', ''), fc.oneof(hostile(6), fc.constant('')))
  .map(([lead, text]) => `${lead}${text}`);

export function markupCaseArbitrary(): fc.Arbitrary<MarkupCase> {
  return fc.record({
    names: fc.array(hostile(5), { minLength: 2, maxLength: 5 }),
    title: hostile(8),
    defaults: fc.tuple(hostile(6), hostile(6)),
    decorator: hostile(4),
    postDigest: fc.array(postLine, { minLength: 1, maxLength: 30 }).map((l) => l.join('\n')),
    prNumber: fc.integer({ min: 1, max: 99_999 }),
    level: fc.constantFrom<ListLevel>('table', 'names', 'counts'),
    budget: fc.constantFrom(1500, 4000),
    pipeline: fc.nat(PIPELINE_EVERY - 1).map((n) => n === 0),
  });
}

export function describeMarkupCase(c: MarkupCase): string {
  return `${c.pipeline ? 'pipeline + ' : ''}renderers (${c.level}), names ${JSON.stringify(c.names).slice(0, 160)}, title ${JSON.stringify(c.title).slice(0, 80)}`;
}

// ---------------------------------------------------------------- checks

const AT_REFERENCE = /&(?:commat|#0{0,5}64|#[xX]0{0,4}40);/g;
/** Text as a code span shows it, for comparison: the invisible spaces and the `@` entities the comment neutraliser may change. */
const norm = (text: string): string => text.replace(AT_REFERENCE, '@').replace(/\u200b/g, '');
/** What codeSpan shows for `text`. */
const spanText = (text: string): string => norm(visibleText(text.replace(/[\r\n\t]+/g, ' ')));

class MarkupFinding extends Error {}

interface Expect {
  /** References of our own allowed in the digest file (never in the comment or summary). */
  ownReferences?: readonly string[];
  /** Texts each of which must be the whole text of some `<code>`. */
  wholeSpans?: readonly string[];
  /** Texts each of which must start the text of some `<code>`. */
  spanStarts?: readonly string[];
}

function check(what: string, markdown: string, expect: Expect, outcome: MarkupOutcome): void {
  const html = cmarkGfm(markdown);
  outcome.rendered++;
  const findings = inertFindings(html, { allowedReferences: expect.ownReferences ?? [] });
  const code = codeTexts(html).map(norm);
  const missing = [
    ...(expect.wholeSpans ?? []).filter((t) => !code.includes(spanText(t))).map((t) => `no code span holds ${JSON.stringify(t)} whole`),
    ...(expect.spanStarts ?? []).filter((t) => !code.some((c) => c.startsWith(spanText(t)))).map((t) => `no code span starts with ${JSON.stringify(t)}`),
  ];
  if (findings.length === 0 && missing.length === 0) return;
  const lines = [...findings.map((f) => `${f.kind}: ${JSON.stringify(f.text)}`), ...missing];
  throw new MarkupFinding(`${what}: ${lines.slice(0, 8).join('; ')}\n--- markdown (first 3000 chars)\n${markdown.slice(0, 3000)}`);
}

/** The digest file as rendered, then the comment and the job summary built from it. */
function checkDelivered(what: string, markdown: string, own: Expect | undefined, outcome: MarkupOutcome): void {
  if (own) check(`${what} (digest file)`, markdown, own, outcome);
  const spans = own ? { wholeSpans: own.wholeSpans ?? [], spanStarts: own.spanStarts ?? [] } : {};
  const comment = buildCommentBody(markdown, { marker: '', maxLength: 65_536, fullDigestHint: 'the artifact of this run' }).body;
  check(`${what} (comment)`, comment, spans, outcome);
  const summary = summaryText(markdown, 'the artifact of this run').text;
  if (summary !== comment) check(`${what} (job summary)`, summary, spans, outcome);
}

// ---------------------------------------------------------------- the renderers, directly

const settings = readSettings({ getInput: (n) => ({ format: 'markdown', 'timeout-minutes': '5' })[n] ?? '', workspace: '/w' });

function symbolOf(id: string, file: string, name: string): PySymbol {
  const full = `def ${name}():\n    return 1\n`;
  return { id, file, module: 'pkg', name, kind: 'function', startLine: 1, endLine: 2, decorators: [], params: [], bases: [], isAsync: false, full, signature: full, calls: [], bindings: [], imports: [] };
}

function directMarkdown(c: MarkupCase): { markdown: string; partial: string; ids: string[]; files: string[] } {
  const entries: PrEntry[] = c.names.map((n, i) => ({
    id: `pkg.${n}`,
    file: `pkg/${n}.py`,
    name: n,
    kind: 'function',
    change: (['added', 'modified', 'removed'] as const)[i % 3]!,
    lines: [i + 1, i + 3],
    ...(i % 3 === 1 ? { contract: 'signature' as const } : {}),
    ...(i === 1 ? { movedFrom: `old.${c.names[0]}`, moveKind: 'renamed' as const } : {}),
  }));
  const edges = entries.slice(1).map((e, i) => ({ from: entries[i]!.id, to: e.id, kind: 'calls' as const, resolution: 'resolved' as const, lines: [i + 2] }));
  const adjacency = buildAdjacency(edges);
  const files = new Map(entries.map((e) => [e.id, e.file]));
  const removed = entries.find((e) => e.change === 'removed');
  const alarms = removed
    ? [{ id: removed.id, sites: [{ file: entries[0]!.file, line: 4, caller: entries[0]!.id, via: 'call' as const, resolution: 'resolved' as const }], heuristicSites: [], heuristicOnly: false }]
    : [];
  const [before, after] = c.defaults;
  const first = entries[0]!;
  const views = viewsOf({
    change: 'modified',
    symbol: symbolOf(first.id, first.file, first.name),
    info: {
      lines: [
        { tag: '-', text: `def f(x=${before}):`, oldLine: 1 },
        { tag: '+', text: `def f(x=${after}):`, newLine: 1 },
      ],
      signature: { before: `def f(x=${before}):`, after: `def f(x=${after}):` },
    },
    move: { movedFrom: `pkg.${c.names[1]}`, moveKind: 'moved', similarity: 0.9 },
  });
  const preamble = [
    renderPrHeader({ prNumber: c.prNumber, title: c.title, base: 'main', head: c.names[0]!, tokensUsed: 100, budget: 4000, encoding: 'o200k_base', incomplete: true, notes: [`moved ${c.names[1]}`] }),
    renderChangedList(entries, adjacency, c.level, [`docs/${c.names[0]}.md`]),
    renderCallSites({ changed: entries, adjacency, locate: (id) => ({ file: files.get(id) ?? `${id}.py` }), alarms, contract: 'full', other: 'compact' }),
  ];
  const items: DigestItem[] = entries.map((e, i) => ({
    id: e.id,
    file: e.file,
    name: e.name,
    kind: 'function',
    mode: 'full',
    tokens: 5,
    startLine: 1,
    endLine: 2,
    hop: 0,
    direction: 'root',
    text: `def f(x=${c.defaults[i % 2]}):\n    return x`,
    change: e.change,
    ...(i === 0 ? { notes: views[0]!.notes ?? [], fence: 'diff' as const } : {}),
    ...(i === 1 ? { spelledAs: c.names[0]! } : {}),
  }));
  const doc: DigestDocument = {
    title: `Context for ${c.names[0]}`,
    preamble,
    budget: 4000,
    encoding: 'o200k_base',
    roots: [first.id],
    items,
    skipped: [{ id: `pkg.${c.title}`, tokens: 12, reason: `does not fit: ${c.names.join(' ')}` }],
    skippedTotal: 1,
    usedTokens: 100,
  };
  const rows = entries.map((e) => ({ id: e.id, file: e.file, name: e.name, change: e.change }));
  const partial = partialDigest(settings, rows, c.prNumber).markdown;
  // The headings name each symbol inside its module (render/markdown.ts localId); a name of blanks
  // alone (no Python name is) leaves no text to find.
  return { markdown: renderMarkdown(doc), partial, ids: entries.map((e) => localId(e)).filter((name) => name.trim() !== ''), files: entries.map((e) => e.file) };
}

// ---------------------------------------------------------------- a real repository, digested

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Fuzz',
  GIT_AUTHOR_EMAIL: 'fuzz@example.com',
  GIT_COMMITTER_NAME: 'Fuzz',
  GIT_COMMITTER_EMAIL: 'fuzz@example.com',
  GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
};

/** A Python string literal holding `text`: triple-quoted (raw newlines and backticks reach the signature) or JSON-escaped. */
function pyString(text: string, triple: boolean): string {
  if (!triple) return JSON.stringify(text);
  return `'''${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r')}'''`;
}

/** One file-name segment: no `/`, no NUL, not `.` or `..`, short enough for any file system. */
function segment(text: string, i: number): string {
  return `m${i}${[...text.replace(/[/\0]/g, '_')].slice(0, 40).join('')}`;
}

/** A Python identifier from hostile text: its letters, digits and underscores. */
function identifier(text: string, i: number): string {
  return `f${i}_${text.replace(/[^\p{L}\p{N}_]/gu, '')}`.slice(0, 60);
}

async function pipelineMarkdown(c: MarkupCase): Promise<{ markdown: string; paths: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-markup-fuzz-'));
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    const write = (files: Record<string, string>) => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
    };
    git('init', '-q', '-b', 'main');
    write({
      'pkg/__init__.py': '',
      'pkg/core.py': 'd = {}\n\n\ndef target(a, b):\n    return a\n',
      'pkg/use.py': 'from pkg.core import target\n\n\ndef caller():\n    return target(1, 2)\n',
    });
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const [before, after] = c.defaults;
    const paths = c.names.map((n, i) => `pkg/${segment(n, i)}.py`);
    write({
      'pkg/core.py': `d = {}\n\n\n@d[${pyString(c.decorator, false)}]\ndef target(a, b, c, y=${pyString(before, true)}):\n    return a\n`,
      ...Object.fromEntries(
        c.names.map((n, i) => [paths[i]!, `from pkg.core import target\n\n\ndef ${identifier(n, i)}(x=${pyString(i % 2 === 0 ? after : n, i % 2 === 0)}):\n    return target(x, 1)\n`]),
      ),
    });
    git('add', '-A');
    git('commit', '-q', '-m', 'head');
    const digest = await prDigest({ repoDir: dir, base: 'HEAD~1', head: 'HEAD', prNumber: c.prNumber, title: c.title, pack: { ...DEFAULT_PACK_SETTINGS, budget: c.budget } });
    return { markdown: digest.result.content, paths };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Checks one case; throws a MarkupFinding naming what rendered and where. */
export async function checkMarkupCase(c: MarkupCase): Promise<MarkupOutcome> {
  const outcome: MarkupOutcome = { rendered: 0, pipelines: 0 };
  const own = (n: number) => [`PR #${n}`, `· #${n}`];
  const direct = directMarkdown(c);
  checkDelivered('renderers', direct.markdown, { ownReferences: own(c.prNumber), wholeSpans: [...direct.ids, ...direct.files] }, outcome);
  checkDelivered('time-limit digest', direct.partial, { ownReferences: own(c.prNumber), spanStarts: direct.files }, outcome);
  checkDelivered('post-digest file', c.postDigest, undefined, outcome);
  if (c.pipeline) {
    const { markdown, paths } = await pipelineMarkdown(c);
    outcome.pipelines++;
    checkDelivered('PR digest of a git repository', markdown, { ownReferences: own(c.prNumber), spanStarts: paths }, outcome);
  }
  return outcome;
}
