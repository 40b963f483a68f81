// What GitHub would make of a comment body: rendered by Debian's cmark-gfm (the C library GitHub's
// own markdown pipeline is built on) with GitHub's extensions, and by micromark with GFM as a second,
// independent CommonMark implementation. Then the two checks GitHub's pipeline implies:
// - raw HTML: a renderer in safe mode replaces every raw HTML node (block or inline) with a comment
//   (cmark-gfm) or drops it (micromark), so a difference from the unsafe rendering is raw HTML;
// - mentions: GitHub's MentionFilter (html-pipeline) links `@name` in text nodes outside
//   pre/code/a/style/script, with the pattern below (Ruby's \W is ASCII, like JavaScript's without /u).
// cmark-gfm is a Debian package: installed here when missing and running as root, else a clear failure.
import { execFileSync } from 'node:child_process';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { cmarkBatch } from './cmarkBatch.js';

const EXTENSIONS = ['table', 'strikethrough', 'autolink', 'tagfilter', 'tasklist', 'footnotes'];
let checked = false;

export function ensureCmarkGfm(): void {
  if (checked) return;
  try {
    execFileSync('cmark-gfm', ['--version'], { stdio: 'pipe' });
  } catch {
    if (process.getuid?.() !== 0) {
      throw new Error('cmark-gfm is not installed: run `apt-get install -y cmark-gfm` (Debian/Ubuntu) before the tests.');
    }
    execFileSync('apt-get', ['update'], { stdio: 'pipe' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'cmark-gfm'], { stdio: 'pipe', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  checked = true;
}

/** cmark-gfm's HTML for `markdown`, as GitHub renders comments (`--unsafe`, GFM extensions) or in safe mode. */
export function cmarkGfm(markdown: string, unsafe = true): string {
  ensureCmarkGfm();
  // The same library in one long-running process when it can be built (cmarkBatch.ts), else the program.
  const batch = cmarkBatch(cmarkProgram);
  return (batch ?? cmarkProgram)(markdown, unsafe);
}

function cmarkProgram(markdown: string, unsafe: boolean): string {
  const args = [...(unsafe ? ['--unsafe'] : []), ...EXTENSIONS.flatMap((e) => ['-e', e])];
  return execFileSync('cmark-gfm', args, { input: markdown, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

export function micromarkGfm(markdown: string, unsafe = true): string {
  return micromark(markdown, { allowDangerousHtml: unsafe, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

// html-pipeline's MentionFilter::MentionPattern, case-insensitive.
const MENTION = /(?:^|[^A-Za-z0-9_])@([a-z0-9][a-z0-9-]*)(?!\/)(?=\.+[ \t\W]|\.+$|[^0-9a-zA-Z_.]|$)/gim;

/** `@name`s GitHub would link in rendered HTML that has no raw HTML (cmark's or micromark's own output). */
export function mentionsIn(html: string): string[] {
  const prose = html
    .replace(/<a\b[^>]*>[\s\S]*?<\/a>/g, ' ')
    .replace(/<pre\b[^>]*>[\s\S]*?<\/pre>/g, ' ')
    .replace(/<code\b[^>]*>[\s\S]*?<\/code>/g, ' ');
  const found: string[] = [];
  for (const node of prose.split(/<[^>]*>/)) {
    const text = decodeEntities(node);
    for (const m of text.matchAll(MENTION)) found.push(`@${m[1]}`);
  }
  return found;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface RenderFindings {
  renderer: 'cmark-gfm' | 'micromark';
  rawHtml: boolean;
  mentions: string[];
}

/** What each renderer finds wrong with `markdown`: raw HTML, linked mentions. Empty arrays and false when safe. */
export function renderFindings(markdown: string, renderers: ('cmark-gfm' | 'micromark')[] = ['cmark-gfm', 'micromark']): RenderFindings[] {
  return renderers.map((renderer) => {
    const render = renderer === 'cmark-gfm' ? cmarkGfm : micromarkGfm;
    const unsafe = render(markdown, true);
    const safe = render(markdown, false);
    const rawHtml = renderer === 'cmark-gfm' ? safe.includes('<!-- raw HTML omitted -->') : safe !== unsafe;
    return { renderer, rawHtml, mentions: mentionsIn(safe) };
  });
}

/** The code blocks of rendered HTML, decoded, in order. */
export function codeBlocks(html: string): string[] {
  return [...html.matchAll(/<pre><code(?: class="[^"]*")?>([\s\S]*?)<\/code><\/pre>/g)].map((m) => decodeEntities(m[1]!));
}

/** What rendered HTML holds that text from a pull request may never produce there. */
export interface InertFinding {
  kind: 'link' | 'image' | 'element' | 'mention' | 'reference';
  text: string;
}

/**
 * The elements our own markdown makes (headings, paragraphs, lists, quotes, tables, code, emphasis,
 * rules and breaks), plus strikethrough: formatting that neither links, loads, nor acts. Anything
 * else (`a`, `img`, `input` of a task list, a footnote's `sup`/`section`, raw HTML) is a finding.
 */
const OWN_ELEMENTS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'pre', 'strong', 'em', 'del', 'hr', 'br']);

// GitHub's issue references in text: `#12`, `owner/repo#12`, `GH-12`. Stricter than GitHub (a `#`
// right before a digit anywhere in text counts), so a pattern GitHub links is never missed.
const REFERENCE = /#\d|(?:^|[^A-Za-z0-9])GH-\d/gi;

export interface InertOptions {
  /** Link targets that are ours (the run's artifact), allowed in `<a href>`. */
  allowedHrefs?: readonly string[];
  /** Exact references that are ours (the PR's own number in the heading, `PR #12`), not findings. */
  allowedReferences?: readonly string[];
}

/**
 * Every link, image, element our markdown does not make, mention and issue reference in HTML
 * rendered by cmark-gfm with `--unsafe` (raw HTML passes through as tags, so it is found as an
 * element). Text inside `<code>`, `<pre>` and `<a>` is not prose: GitHub's filters skip it.
 */
export function inertFindings(html: string, options: InertOptions = {}): InertFinding[] {
  const found: InertFinding[] = [];
  for (const m of html.matchAll(/<([!?/]?)([A-Za-z][A-Za-z0-9-]*)?([^>]*)>?/g)) {
    const [tag, mark, name = '', attributes = ''] = m;
    if (mark === '!' || mark === '?') found.push({ kind: 'element', text: tag.slice(0, 80) });
    if (mark !== '') continue;
    const element = name.toLowerCase();
    if (element === 'a') {
      const href = /\bhref="([^"]*)"/.exec(attributes)?.[1];
      if (href === undefined || !(options.allowedHrefs ?? []).includes(decodeEntities(href))) found.push({ kind: 'link', text: tag.slice(0, 120) });
    } else if (element === 'img') found.push({ kind: 'image', text: tag.slice(0, 120) });
    else if (!OWN_ELEMENTS.has(element)) found.push({ kind: 'element', text: tag.slice(0, 80) });
  }
  for (const mention of mentionsIn(html)) found.push({ kind: 'mention', text: mention });
  const prose = html
    .replace(/<a\b[^>]*>[\s\S]*?<\/a>/g, ' ')
    .replace(/<pre\b[^>]*>[\s\S]*?<\/pre>/g, ' ')
    .replace(/<code\b[^>]*>[\s\S]*?<\/code>/g, ' ');
  for (const node of prose.split(/<[^>]*>/)) {
    let text = decodeEntities(node);
    for (const ours of options.allowedReferences ?? []) text = text.split(ours).join(' ');
    for (const r of text.matchAll(REFERENCE)) found.push({ kind: 'reference', text: text.slice(Math.max(0, r.index - 20), r.index + 20) });
  }
  return found;
}

/** The text of every `<code>` element (inline spans and blocks), decoded, in order. */
export function codeTexts(html: string): string[] {
  return [...html.matchAll(/<code(?: class="[^"]*")?>([\s\S]*?)<\/code>/g)].map((m) => decodeEntities(m[1]!));
}
