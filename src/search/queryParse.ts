// What a question names, beyond its words: identifiers, dotted paths, files (with a line), traceback
// frames, error classes and code blocks. A developer who pastes `File "app/views.py", line 12, in index`
// or writes `Session.send` means that exact code; these become strong signals (signals.ts) next to the
// BM25F words, never replacing them.
//
// Decisions:
// - An identifier is a token that cannot be an English word: it has an underscore, an inner capital
//   (`getUrl`, `HTTPServer`), a dot between identifier parts, or call parentheses (`run()`). Plain words
//   ("session") stay words: they would match hundreds of names.
// - Error classes are CamelCase tokens ending in Error, Exception or Warning (the Python convention).
// - Code: in fenced blocks, `inline code` and indented lines (4 spaces or a tab) every name of three or
//   more characters counts (the writer marked it as code); a traceback's frames are read from anywhere.
export interface FileMention {
  path: string;
  line?: number;
}

export interface TracebackFrame {
  path: string;
  line: number;
  func: string;
}

export interface ParsedQuery {
  /** Identifiers as written, without call parentheses; dotted ones whole (`pkg.mod.Class.method`). */
  identifiers: string[];
  /** Python file paths mentioned, with a line when one is attached (`x.py:12`, `x.py line 12`). */
  files: FileMention[];
  frames: TracebackFrame[];
  errorClasses: string[];
  /** Identifiers found inside code blocks (weaker: code around the point also names bystanders). */
  codeIdentifiers: string[];
}

const FRAME = /File "([^"\n]+\.py)", line (\d+), in ([A-Za-z_][\w.<>]*)/g;
// Files are read word by word (split on spaces, quotes and brackets), each word matched once from its
// start: an unanchored path pattern backtracks quadratically on a long run of `a/a/a/…`, and a
// question can be a pasted log.
const WORD_SPLIT = /[\s"'`()[\]{},;<>]+/;
const FILE_WORD = /^([\w./\\-]*\.py)(?:(?::|#L)(\d+))?[:.]?$/;
const TOKEN = /[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*(\(\))?/g;
const ERROR_CLASS = /^[A-Z]\w*(Error|Exception|Warning)$/;

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/** True for a token that reads as code rather than an English word. */
export function looksLikeIdentifier(token: string, called: boolean): boolean {
  if (called) return true;
  if (token.includes('_') || token.includes('.')) return /[A-Za-z]/.test(token) && !/^\.|\.$/.test(token);
  return /[a-z][A-Z]|[A-Z]{2}[a-z]|^[A-Z][a-z]+[A-Z]/.test(token);
}

const KEYWORDS = new Set('and as assert async await break class continue def del elif else except finally for from global if import in is lambda None nonlocal not or pass raise return True False try while with yield self cls'.split(' '));

/** Identifier-like tokens of prose; in code (`inCode`) every name of three or more characters counts. */
function identifiersIn(text: string, inCode = false): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    let token = m[0];
    const called = token.endsWith('()');
    if (called) token = token.slice(0, -2);
    // A file name is not an identifier (`app.py`), nor is a trailing sentence dot part of one.
    if (/\.(py|txt|rst|md|cfg|toml|ini|json|yaml|yml|html)$/.test(token)) continue;
    if (inCode ? token.length >= 3 && !KEYWORDS.has(token) : looksLikeIdentifier(token, called)) out.push(token);
  }
  return out;
}

/** Code the writer marked: fenced blocks (by lines: a fence pattern over the text backtracks on ``` runs), indented lines, `inline`. */
function codeOf(text: string): string {
  const code: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    else if (fenced || /^(?: {4}|\t)\S/.test(line)) code.push(line);
  }
  for (const m of text.matchAll(/`([^`\n]+)`/g)) code.push(m[1] ?? '');
  return code.join('\n');
}

export function parseQuery(text: string): ParsedQuery {
  const frames: TracebackFrame[] = [];
  for (const m of text.matchAll(FRAME)) frames.push({ path: m[1]!.split('\\').join('/'), line: Number(m[2]), func: m[3]! });
  const files = new Map<string, FileMention>();
  const words = text.split(WORD_SPLIT);
  words.forEach((word, i) => {
    const m = FILE_WORD.exec(word);
    if (!m) return;
    const path = m[1]!.split('\\').join('/').replace(/^\.\//, '');
    // `x.py:12`, `x.py#L12`, or `x.py line 12` / `x.py, line 12`.
    const after = words[i + 1] === 'line' && /^\d+$/.test(words[i + 2] ?? '') ? words[i + 2] : undefined;
    const lineText = m[2] ?? after;
    const line = lineText === undefined ? undefined : Number(lineText);
    const key = `${path}:${line ?? ''}`;
    if (!files.has(key)) files.set(key, line === undefined ? { path } : { path, line });
  });
  const identifiers = identifiersIn(text);
  const errorClasses = sortedUnique(
    [...text.matchAll(/\b[A-Z]\w*(?:Error|Exception|Warning)\b/g)].map((m) => m[0]).filter((t) => ERROR_CLASS.test(t)),
  );
  return {
    identifiers: sortedUnique(identifiers),
    files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.line ?? 0) - (b.line ?? 0))),
    frames,
    errorClasses,
    codeIdentifiers: sortedUnique(identifiersIn(codeOf(text), true)),
  };
}
