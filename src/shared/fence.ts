// Markdown that cannot be escaped from: code goes in fences longer than any backtick run inside it;
// names, paths and reasons go in code spans, so a file path or docstring can neither close a fence,
// inject HTML, link, nor mention (ping) a user.
//
// A code span's delimiter is at most two backticks: every run of two or more backticks in its text is
// broken with U+200B (ZERO WIDTH SPACE, shown as nothing), so the text holds single backticks only and
// two close nothing inside it. The comment neutraliser (render/neutralise.ts) breaks every run of
// three backticks in the lines it sees, to stop fences; a longer delimiter would be broken with them
// and the span's text would render as markdown (links, references, autolinks).
import { visibleText } from './visibleText.js';

const ZWSP = '\u200b';

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** A fenced code block; the fence is at least three backticks and longer than any run in `code`. */
export function codeFence(code: string, language = 'python'): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(code) + 1));
  const body = code.endsWith('\n') ? code : `${code}\n`;
  return `${fence}${language}\n${body}${fence}`;
}

/**
 * An inline code span, on one line, that nothing inside can close: runs of backticks in the text are
 * broken to single ones (see the top of the file), and the delimiter is one longer. Controls and bidi
 * controls are shown as visible escapes (visibleText.ts), so a file named `bidi\u202egnp.py` is listed
 * by that name. `inTable` escapes `|`, which GFM splits table cells on even inside code.
 */
export function codeSpan(text: string, inTable = false): string {
  let body = visibleText(text.replace(/[\r\n\t]+/g, ' ')).replace(/``+/g, (run) => run.split('').join(ZWSP));
  if (inTable) body = body.replace(/\|/g, '\\|');
  const ticks = '`'.repeat(longestBacktickRun(body) + 1);
  // CommonMark strips one space on each side when both are present: pad when the text touches a backtick or a space.
  const pad = body.startsWith('`') || body.endsWith('`') || body.startsWith(' ') || body === '' ? ' ' : '';
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/**
 * Plain inline text on one line: markdown and HTML syntax escaped, and what GitHub links in plain text
 * broken with U+200B: mentions and e-mail addresses (`@`), issue references (`#12`, `GH-12`), and
 * `www.` and `scheme://` autolinks. Backslash escapes alone do not stop these: GitHub finds references
 * in the rendered text, after the escapes are gone.
 */
export function inlineText(text: string): string {
  return visibleText(text.replace(/[\r\n]+/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#|!~])/g, '\\$1')
    .replace(/@/g, `@${ZWSP}`)
    .replace(/#(?=\d)|gh-(?=\d)|www(?=\.)|:(?=\/\/)/gi, (m) => `${m}${ZWSP}`);
}
