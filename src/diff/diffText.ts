// A symbol's diff lines as text (pure): the whole symbol as a `diff` fence body, its hunks with context
// under `@@` headers, and a unified diff with file headers (JSON `changed[].diff`).
//
// Decision: a hunk never runs across a stretch of head the lines leave out (a class's or module's own
// lines skip its methods and definitions), and its header numbers the lines as git does, so each `@@`
// says where its lines are (otherwise a class's change far down its body is glued to its attributes at
// the top and headed with their line number).
import { type DiffLine, hasChange } from './symbolDiff.js';

/** Every line, prefixed by its tag: the body of a `diff` fence showing the whole symbol. */
export function wholeDiffText(lines: readonly DiffLine[]): string {
  return lines.map((l) => `${l.tag}${l.text}`).join('\n');
}

/**
 * Indexes where the lines stop being one stretch of head: a head line that does not follow the previous
 * one (a class's or module's own lines skip its methods and definitions). Base is not asked: where head
 * runs on, the base lines left out between two shown ones can only be lines git removed with a nested
 * definition (kept ones would pair with head lines in between), and that definition's diff shows them.
 * A diff without head lines (a removed symbol) breaks where base jumps.
 */
function runStarts(lines: readonly DiffLine[]): Set<number> {
  const side: 'newLine' | 'oldLine' = lines.some((l) => l.newLine !== undefined) ? 'newLine' : 'oldLine';
  const starts = new Set<number>([0]);
  let last: number | undefined;
  lines.forEach((l, i) => {
    const at = l[side];
    if (at === undefined) return;
    if (last !== undefined && at !== last + 1) starts.add(i);
    last = at;
  });
  return starts;
}

/**
 * Groups of line indexes within `context` lines of a change (each group is one hunk). Context never
 * crosses a stretch's end, and two changes in two stretches are two hunks.
 */
function hunkGroups(lines: readonly DiffLine[], context: number): [number, number][] {
  const starts = runStarts(lines);
  const runFrom: number[] = [];
  lines.forEach((_, i) => runFrom.push(starts.has(i) ? i : runFrom[i - 1]!));
  const runTo = Array.from<number>({ length: lines.length });
  for (let i = lines.length - 1; i >= 0; i--) runTo[i] = i === lines.length - 1 || starts.has(i + 1) ? i : runTo[i + 1]!;
  const groups: [number, number][] = [];
  lines.forEach((l, i) => {
    if (l.tag === ' ') return;
    const lo = Math.max(runFrom[i]!, i - context);
    const hi = Math.min(runTo[i]!, i + context);
    const last = groups[groups.length - 1];
    if (last && lo <= last[1] + 1 && runFrom[last[0]] === runFrom[i]) last[1] = Math.max(last[1], hi);
    else groups.push([lo, hi]);
  });
  return groups;
}

/**
 * `@@ -a,b +c,d @@`: the lines the hunk spans on each side, numbered as git numbers them (a base span
 * can be longer than the lines shown: a removed nested definition's lines are its own diff). A side with
 * no line in the hunk starts, as in git, at the line before it: for base, the line git's walk had passed
 * (`afterOld`), else the nearest earlier line of that side in the diff (0 when there is none: an added
 * or removed symbol).
 */
function hunkHeader(lines: readonly DiffLine[], from: number, to: number): string {
  const slice = lines.slice(from, to + 1);
  const before = lines.slice(0, from);
  const range = (side: 'oldLine' | 'newLine'): string => {
    const at = slice.map((l) => l[side]).filter((n): n is number => n !== undefined);
    if (at.length === 0) {
      const after = side === 'oldLine' ? slice.find((l) => l.afterOld !== undefined)?.afterOld : undefined;
      return `${after ?? before.map((l) => l[side]).filter((n): n is number => n !== undefined).pop() ?? 0},0`;
    }
    return `${at[0]},${at[at.length - 1]! - at[0]! + 1}`;
  };
  return `@@ -${range('oldLine')} +${range('newLine')} @@`;
}

/** The changed lines with `context` lines around them, each hunk under its `@@ -a,b +c,d @@` header. */
export function hunksText(lines: readonly DiffLine[], context: number): string {
  const out: string[] = [];
  for (const [from, to] of hunkGroups(lines, context)) {
    out.push(hunkHeader(lines, from, to), ...lines.slice(from, to + 1).map((l) => `${l.tag}${l.text}`));
  }
  return out.join('\n');
}

/** A unified diff of the symbol (JSON `diff`): file headers, then its hunks with 3 lines of context. */
export function unifiedDiff(lines: readonly DiffLine[], oldPath: string | undefined, newPath: string | undefined): string {
  if (!hasChange(lines)) return '';
  const header = [`--- ${oldPath === undefined ? '/dev/null' : `a/${oldPath}`}`, `+++ ${newPath === undefined ? '/dev/null' : `b/${newPath}`}`];
  return `${[...header, hunksText(lines, 3)].join('\n')}\n`;
}
