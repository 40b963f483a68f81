// Markdown that cannot be escaped from: code goes in fences longer than any backtick run inside it;
// names, paths and reasons go in code spans the same way, so a file path or docstring can neither
// close a fence, inject HTML, nor mention (ping) a user.
import { visibleText } from './visibleText.js';

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
 * An inline code span, on one line, that nothing inside can close: the delimiter is longer than any
 * backtick run in the text. Controls and bidi controls are shown as visible escapes (visibleText.ts),
 * so a file named `bidi\u202egnp.py` is listed by that name. `inTable` escapes `|`, which GFM splits
 * table cells on even inside code.
 */
export function codeSpan(text: string, inTable = false): string {
  let body = visibleText(text.replace(/[\r\n\t]+/g, ' '));
  if (inTable) body = body.replace(/\|/g, '\\|');
  const ticks = '`'.repeat(longestBacktickRun(body) + 1);
  // CommonMark strips one space on each side when both are present: pad when the text touches a backtick or a space.
  const pad = body.startsWith('`') || body.endsWith('`') || body.startsWith(' ') || body === '' ? ' ' : '';
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/** Plain inline text with markdown and HTML syntax neutralised, mentions broken, on one line. */
export function inlineText(text: string): string {
  return visibleText(text.replace(/[\r\n]+/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#|!~])/g, '\\$1')
    .replace(/@/g, '@\u200b');
}
