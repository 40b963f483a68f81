// The overview a PR digest opens with (pure): what changed, by kind, and the riskiest items.
//
// Decisions:
// - One line of counts by class (diff/changeClass.ts), then one line per mechanical class (annotation,
//   docstring or comment, formatting only) naming its symbols: those are read as one sweep, not one by
//   one, so they never take a code block, a table row or call sites of their own. A long class names its
//   first MAX_FOLDED_NAMES symbols and counts the rest (the JSON manifest lists every one).
// - The riskiest items are the first of the budget plan (plan.ts ranks by breaking call sites,
//   contract, callers, missing tests), at most MAX_RISKIEST, each with why.
// - A small PR (at most SMALL_PR changed symbols, none mechanical) has no overview: its changed list
//   says it all. As the preamble gets compact (pr/levels.ts) the riskiest line goes first, then the
//   folded names (when the changed list only counts per file), so the overview never costs more than
//   the list it sums up.
import { type ChangeClass, CLASS_LABEL, MECHANICAL } from '../diff/changeClass.js';
import type { DataRecord } from '../pack/document.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';
import type { PrEntry } from './sections.js';

export const MAX_FOLDED_NAMES = 40;
export const MAX_RISKIEST = 3;
export const SMALL_PR = 5;

const ORDER: readonly ChangeClass[] = ['behaviour', 'signature', 'added', 'removed', 'moved', 'annotation', 'docstring', 'formatting'];

export interface RiskyItem {
  id: string;
  changeClass: ChangeClass;
  callers: number;
  breaking: number;
  tested: boolean;
}

export interface OverviewInput {
  entries: readonly PrEntry[];
  /** Changed files: Python ones and the others. */
  files: number;
  nonPython: number;
  riskiest: readonly RiskyItem[];
  /** How much to say: everything, no riskiest line, or the counts line alone; `complete` (data only): every folded name. */
  detail?: 'full' | 'folds' | 'counts' | 'complete';
}

/** Entries counted by class, in ORDER, zero classes left out. */
export function classCounts(entries: readonly PrEntry[]): [ChangeClass, number][] {
  const counts = new Map<ChangeClass, number>();
  for (const e of entries) {
    if (e.carriedBy !== undefined || (e.movedTo !== undefined && entries.some((o) => o.movedFrom === e.id))) continue;
    const c = e.changeClass ?? 'behaviour';
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return ORDER.filter((c) => counts.has(c)).map((c) => [c, counts.get(c)!]);
}

function foldedLine(changeClass: ChangeClass, entries: readonly PrEntry[]): string {
  const byFile = new Map<string, string[]>();
  const shown = entries.slice(0, MAX_FOLDED_NAMES);
  for (const e of shown) byFile.set(e.file, [...(byFile.get(e.file) ?? []), codeSpan(e.name === '' ? '(module-level code)' : e.name)]);
  const named = [...byFile].map(([file, names]) => `${codeSpan(file)} ${names.join(', ')}`).join('; ');
  const more = entries.length > shown.length ? `; and ${entries.length - shown.length} more (the JSON digest lists every one)` : '';
  return `- ${CLASS_LABEL[changeClass]} (${entries.length}): ${named}${more}`;
}

function riskLine(item: RiskyItem): string {
  const why = [
    CLASS_LABEL[item.changeClass],
    ...(item.breaking > 0 ? [`${plural(item.breaking, 'breaking call site')}`] : []),
    plural(item.callers, 'caller'),
    item.tested ? 'reached by tests' : 'no test reaches it',
  ];
  return `${codeSpan(item.id)} (${why.join('; ')})`;
}

export function renderOverview(input: OverviewInput): string {
  const detail = input.detail ?? 'full';
  const mechanical = input.entries.some((e) => e.changeClass !== undefined && MECHANICAL.has(e.changeClass));
  if (!mechanical && input.entries.length <= SMALL_PR) return '';
  const counts = classCounts(input.entries);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const files = input.nonPython > 0 ? `${plural(input.files, 'file')} changed (${input.nonPython} not Python)` : `${plural(input.files, 'file')} changed`;
  const lines = ['### Overview', '', `${files} · ${plural(total, 'changed symbol')}${counts.length > 0 ? `: ${counts.map(([c, n]) => `${CLASS_LABEL[c]} (${n})`).join(', ')}` : ''}`];
  const folds = ORDER.filter((c) => MECHANICAL.has(c)).flatMap((c) => {
    const entries = input.entries.filter((e) => e.changeClass === c);
    return entries.length > 0 ? [foldedLine(c, entries)] : [];
  });
  if (folds.length > 0 && detail !== 'counts') lines.push('', ...folds);
  if (input.riskiest.length > 0 && detail === 'full') lines.push('', `Riskiest first: ${input.riskiest.map(riskLine).join(', ')}`);
  return lines.join('\n');
}

/**
 * The overview as data (the JSON and XML digests' `overview`): the same counts, folds and riskiest
 * items at the same detail, or undefined when the markdown has no overview.
 */
export function overviewData(input: OverviewInput): DataRecord | undefined {
  const detail = input.detail ?? 'full';
  const mechanical = input.entries.some((e) => e.changeClass !== undefined && MECHANICAL.has(e.changeClass));
  if (!mechanical && input.entries.length <= SMALL_PR) return undefined;
  const counts = classCounts(input.entries);
  const folded = ORDER.filter((c) => MECHANICAL.has(c)).flatMap((changeClass) => {
    const entries = input.entries.filter((e) => e.changeClass === changeClass);
    if (entries.length === 0) return [];
    const shown = detail === 'complete' ? entries : entries.slice(0, MAX_FOLDED_NAMES);
    return [{ changeClass, symbols: shown.map((e) => e.id), ...(shown.length < entries.length ? { symbolsTotal: entries.length } : {}) }];
  });
  return {
    files: input.files,
    nonPython: input.nonPython,
    changedSymbols: counts.reduce((sum, [, n]) => sum + n, 0),
    classes: counts.map(([changeClass, count]) => ({ changeClass, count })),
    ...(folded.length > 0 && detail !== 'counts' ? { folded } : {}),
    ...(input.riskiest.length > 0 && (detail === 'full' || detail === 'complete') ? { riskiest: input.riskiest.map((r) => ({ ...r })) } : {}),
  };
}
