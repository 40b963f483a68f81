// What kind of change a changed symbol is, from its own diff (pure).
//
// The classes, first match wins:
// - `added`, `removed`: the symbol exists on one side only and is not one end of a move.
// - `moved`: a move or rename (moves.ts), its similarity kept; its body may have changed too.
// - `formatting`: the tokens are the same, comments and strings included (codeTokens.ts: spaces, line
//   breaks inside brackets, quote style, trailing commas are layout).
// - `docstring`: the same once comments and bare string statements (docstrings) are left out.
// - `annotation`: the same once annotations are left out too (parameters, `-> returns`, and variable
//   annotations `x: T = v` or `self.x: T = v` at the start of a statement), and the
//   `from __future__ import annotations` directive, which only defers their evaluation: types are not
//   checked when the code runs.
// - `signature`: only the header changed (decorators, `def`/`class` line up to its `:`), not the body.
// - `behaviour`: anything else.
// Formatting, docstring and annotation changes are mechanical: they cannot change what a call does,
// so they are not what a reviewer reads first, reach no test and break no caller.
import { type CodeToken, codeTokens, sameTokens, withoutDocs } from './codeTokens.js';
import type { DiffLine } from './symbolDiff.js';

export type ChangeClass = 'behaviour' | 'signature' | 'annotation' | 'docstring' | 'formatting' | 'moved' | 'added' | 'removed';

export const MECHANICAL: ReadonlySet<ChangeClass> = new Set(['annotation', 'docstring', 'formatting']);

export function isMechanical(changeClass: ChangeClass | undefined): boolean {
  return changeClass !== undefined && MECHANICAL.has(changeClass);
}

export interface ChangeClassInput {
  change: 'added' | 'modified' | 'removed';
  /** Set on either end of a move or rename. */
  moved?: boolean;
  /** The symbol's own diff lines; unset when unknown (then a modified symbol is a behaviour change). */
  lines?: readonly DiffLine[];
  /** Base text was not available (deleted lines unknown). */
  baseUnknown?: boolean;
}

const KEYWORDS_BEFORE_COLON = new Set(['else', 'try', 'finally', 'lambda', 'except', 'case', 'match']);

const isOp = (t: CodeToken | undefined, text: string) => t?.kind === 'op' && t.text === text;

/** The index just past the header's `:` (decorators and the `def`/`class` line); 0 when the tokens hold no definition header. */
function headerEnd(tokens: readonly CodeToken[]): number {
  let i = tokens.findIndex((t) => t.kind === 'name' && (t.text === 'def' || t.text === 'class'));
  if (i < 0) return 0;
  let depth = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'op' && '([{'.includes(t.text)) depth++;
    else if (t.kind === 'op' && ')]}'.includes(t.text)) depth--;
    else if (depth === 0 && isOp(t, ':')) return i + 1;
  }
  return 0;
}

/**
 * How many tokens the target of a variable annotation starting at `i` spans (`x`, `self.x`,
 * `a.b.c` at the start of a statement, then `:` and more on the line), or 0. An attribute target's
 * annotation is evaluated and dropped, as a parameter's is where annotations are not postponed.
 */
function variableTarget(tokens: readonly CodeToken[], i: number): number {
  const prev = tokens[i - 1];
  const t = tokens[i]!;
  if (t.kind !== 'name' || KEYWORDS_BEFORE_COLON.has(t.text) || !(prev === undefined || prev.kind === 'indent' || prev.kind === 'nl')) return 0;
  let k = i;
  while (isOp(tokens[k + 1], '.') && tokens[k + 2]?.kind === 'name') k += 2;
  const colon = tokens[k + 1];
  const after = tokens[k + 2];
  return isOp(colon, ':') && after !== undefined && after.kind !== 'nl' ? k - i + 1 : 0;
}

const FUTURE_ANNOTATIONS = ['from', '__future__', 'import', 'annotations'];

/** How many tokens a `from __future__ import annotations` statement starting at `i` spans, its line end included; 0 when none starts there. */
function futureAnnotations(tokens: readonly CodeToken[], i: number): number {
  const prev = tokens[i - 1];
  if (!(prev === undefined || prev.kind === 'nl' || (prev.kind === 'indent' && prev.text === '0'))) return 0;
  if (!FUTURE_ANNOTATIONS.every((text, k) => tokens[i + k]?.kind === 'name' && tokens[i + k]!.text === text)) return 0;
  const end = tokens[i + FUTURE_ANNOTATIONS.length];
  if (end === undefined) return FUTURE_ANNOTATIONS.length;
  return end.kind === 'nl' ? FUTURE_ANNOTATIONS.length + 1 : 0;
}

/** The tokens without annotations (see the top of the file). */
function withoutAnnotations(tokens: readonly CodeToken[]): CodeToken[] {
  const out: CodeToken[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const future = depth === 0 ? futureAnnotations(tokens, i) : 0;
    if (future > 0) {
      if (prev?.kind === 'indent') out.pop();
      i += future - 1;
      continue;
    }
    const param = depth >= 1 && t.kind === 'name' && isOp(next, ':') && (isOp(prev, '(') || isOp(prev, ',') || isOp(prev, '*') || isOp(prev, '**'));
    const target = depth === 0 && !param ? variableTarget(tokens, i) : 0;
    if (param || target > 0) {
      const end = param ? i : i + target - 1;
      for (let k = i; k <= end; k++) out.push(tokens[k]!);
      // Skip `: T` up to `,` `=` `)` at this depth (parameters) or `=` / end of statement (variables).
      let j = end + 2;
      let inner = 0;
      for (; j < tokens.length; j++) {
        const u = tokens[j]!;
        if (u.kind === 'op' && '([{'.includes(u.text)) inner++;
        else if (u.kind === 'op' && ')]}'.includes(u.text)) {
          if (inner === 0) break;
          inner--;
        } else if (inner === 0 && (isOp(u, ',') || isOp(u, '=') || u.kind === 'nl')) break;
      }
      i = j - 1;
      continue;
    }
    if (isOp(t, '->')) {
      // The return annotation runs to the header's `:` at depth 0.
      let j = i + 1;
      let inner = 0;
      for (; j < tokens.length; j++) {
        const u = tokens[j]!;
        if (u.kind === 'op' && '([{'.includes(u.text)) inner++;
        else if (u.kind === 'op' && ')]}'.includes(u.text)) inner--;
        else if (inner === 0 && isOp(u, ':')) break;
      }
      i = j - 1;
      continue;
    }
    if (t.kind === 'op' && '([{'.includes(t.text)) depth++;
    else if (t.kind === 'op' && ')]}'.includes(t.text)) depth = Math.max(0, depth - 1);
    out.push(t);
  }
  return out;
}

function sideText(lines: readonly DiffLine[], side: '-' | '+'): string {
  return lines
    .filter((l) => l.tag === ' ' || l.tag === side)
    .map((l) => l.text)
    .join('\n');
}

/** The class of one changed symbol (see the top of the file). */
export function classifyChange(input: ChangeClassInput): ChangeClass {
  if (input.moved) return 'moved';
  if (input.change === 'added') return 'added';
  if (input.change === 'removed') return 'removed';
  if (input.lines === undefined || input.baseUnknown) return 'behaviour';
  const before = codeTokens(sideText(input.lines, '-'));
  const after = codeTokens(sideText(input.lines, '+'));
  if (sameTokens(before, after)) return 'formatting';
  const plainBefore = withoutDocs(before);
  const plainAfter = withoutDocs(after);
  if (sameTokens(plainBefore, plainAfter)) return 'docstring';
  if (sameTokens(withoutAnnotations(plainBefore), withoutAnnotations(plainAfter))) return 'annotation';
  const endBefore = headerEnd(plainBefore);
  const endAfter = headerEnd(plainAfter);
  if (endBefore > 0 && endAfter > 0 && sameTokens(plainBefore.slice(endBefore), plainAfter.slice(endAfter))) return 'signature';
  return 'behaviour';
}

/** The class's name as the digest says it. */
export const CLASS_LABEL: Readonly<Record<ChangeClass, string>> = {
  behaviour: 'behaviour',
  signature: 'signature only',
  annotation: 'annotation-only',
  docstring: 'docstring or comment only',
  formatting: 'formatting only',
  moved: 'moved or renamed',
  added: 'added',
  removed: 'removed',
};
