// How a class reached as a callee is shown: code calls it to build an instance (or builds on it as a
// base), and what that needs is how the class is built, not the shape of all its methods.
//
// The rule: such a class (not a root, not under --signatures-only) is shown as its construction view:
// its decorators and header, its docstring's first paragraph, its class-level fields (as its signature
// shows them) and its constructors (`__new__`, `__init__`, `__post_init__`) in full, or as stubs when
// that does not fit (or one is already packed); the other members are left out, and a note says what
// was cut. A constructor shown in full is inside the class's item: not packed again. The class's full
// code is shown instead when it costs at most CONSTRUCTION_LEFT_OUT_MAX tokens more than the view (a
// small class: a few short methods are cheaper to show than to leave out).
// Why: a large class shown as its signature carries a stub for every method, often several times the
// size of its construction view, and still says less about how to build one than `__init__` does.
import type { PySymbol } from '../model.js';
import { plural } from '../shared/plural.js';

const CONSTRUCTORS = new Set(['__new__', '__init__', '__post_init__']);

/** What the members left out may cost before a constructed class is shown as its construction view. */
export const CONSTRUCTION_LEFT_OUT_MAX = 200;

export interface ConstructionView {
  text: string;
  note: string;
  /** Constructors whose full code the text holds (packed inside the class's item). */
  inside: string[];
}

const shortName = (s: PySymbol): string => s.name.slice(s.name.lastIndexOf('.') + 1).replace(/#\d+$/, '');

/**
 * The class's signature without the stubs of its non-constructor members, each constructor in full
 * where `full` allows it (else its stub), docstring cut to its first paragraph. `members`: the symbols
 * nested in the class (its direct ones are used). Undefined when nothing would be cut (the signature or
 * the full code is the view) or when a member's stub is not where the signature should hold it.
 */
export function constructionView(cls: PySymbol, members: readonly PySymbol[], full: (ctor: PySymbol) => boolean): ConstructionView | undefined {
  const direct = members.filter((m) => m.parent === cls.id).sort((a, b) => a.startLine - b.startLine || (a.id < b.id ? -1 : 1));
  const dropped = direct.filter((m) => !CONSTRUCTORS.has(shortName(m)));
  let text = cls.signature;
  let cursor = 0;
  let indent: string | undefined;
  const inside: string[] = [];
  for (const m of direct) {
    // The signature holds each member's stub verbatim, in source order, on lines of its own.
    const at = text.indexOf(`\n${m.signature}`, cursor);
    if (at < 0) return undefined;
    indent ??= /^[ \t]*/.exec(m.signature)?.[0];
    const whole = CONSTRUCTORS.has(shortName(m)) && full(m);
    if (whole) inside.push(m.id);
    // A constructor's body reads apart from the fields above it, as in the source (not right under the header).
    const gap = whole && !text.slice(0, at).endsWith(':') ? '\n' : '';
    const shown = !CONSTRUCTORS.has(shortName(m)) ? '' : `\n${gap}${whole ? m.full : m.signature}`;
    text = text.slice(0, at) + shown + text.slice(at + 1 + m.signature.length);
    cursor = at + shown.length;
  }
  const cut = firstParagraph(text);
  if (dropped.length === 0 && cut === undefined) return undefined;
  text = cut ?? text;
  // Nothing left after the header (it ends at its colon): the body a stub has.
  if (text.endsWith(':')) text = `${text}\n${indent ?? '    '}...`;
  const cuts = [
    ...(dropped.length > 0 ? [`${plural(dropped.length, 'other member')} left out`] : []),
    ...(cut !== undefined ? ['docstring cut to its first paragraph'] : []),
    ...(direct.length > dropped.length + inside.length ? ['constructor as a stub'] : []),
  ];
  return { text, note: `Shown for its construction: ${cuts.join(', ')}.`, inside };
}

/**
 * The view with its docstring cut after the first paragraph (the summary; a long class docstring can
 * be most of the view), closed with its own quotes. Undefined when the docstring is
 * one paragraph, not triple-quoted, or not found right after the header.
 */
function firstParagraph(text: string): string | undefined {
  const lines = text.split('\n');
  const header = headerEnd(lines);
  const first = lines[header + 1];
  if (header < 0 || first === undefined) return undefined;
  const open = /^([ \t]*)[rRuU]?("""|''')/.exec(first);
  if (!open) return undefined;
  const indent = open[1]!;
  const quotes = open[2]!;
  if (first.indexOf(quotes, open[0].length) >= 0) return undefined; // closed on its first line
  for (let i = header + 2; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes(quotes)) return undefined; // closed before any blank line: one paragraph
    if (line.trim() === '') return [...lines.slice(0, i), `${indent}${quotes}`, ...lines.slice(closingLine(lines, i, quotes) + 1)].join('\n');
  }
  return undefined;
}

function closingLine(lines: readonly string[], from: number, quotes: string): number {
  for (let i = from; i < lines.length; i++) if (lines[i]!.includes(quotes)) return i;
  return lines.length - 1;
}

/** Index of the line that ends the class header (`class ...:`, brackets closed), or -1. */
function headerEnd(lines: readonly string[]): number {
  const start = lines.findIndex((l) => /^\s*class\b/.test(l));
  if (start < 0) return -1;
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    for (const ch of lines[i]!) {
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') depth--;
    }
    if (depth <= 0 && /:\s*$/.test(lines[i]!)) return i;
  }
  return -1;
}
