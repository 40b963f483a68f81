// The PR-specific sections of the digest preamble (pure): header and changed-symbols list (the call
// sites to check are callSites.ts, the overview overview.ts, the Mermaid graph mermaid.ts).
//
// Decisions:
// - Everything from the PR or the repository (title, paths, symbol names, refs) is hostile: it lands in
//   a PR comment where `@org/team` pings people, `#123` and `GH-123` cross-link issues, `www.x.y`,
//   `a@b.co` and `https://` become links and raw HTML renders. Free text goes through
//   `escapeMarkdownText` (one line, markdown punctuation backslash-escaped, HTML metacharacters as
//   entities, `@`, `#N`, `GH-N` and `www.` broken with U+200B; `:` is escaped, so no `scheme://`
//   autolink); identifiers and paths go in code spans (`codeSpan`), where nothing pings or renders.
// - Token numbers are parameters: the packer's footer logic knows them only after packing.

import { type ChangeClass, isMechanical } from '../diff/changeClass.js';
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import type { MoveFields } from '../diff/symbolDiff.js';
import type { Adjacency } from '../graph/adjacency.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';
import { withoutActing } from '../shared/visibleText.js';

const ZWSP = '\u200b';
const MAX_TITLE_CHARS = 200;

/** Free text -> one line of inert markdown. */
export function escapeMarkdownText(text: string, maxChars = MAX_TITLE_CHARS): string {
  let chars = [...withoutActing(text.replace(/\s+/g, ' ')).trim()];
  if (chars.length > maxChars) chars = [...chars.slice(0, maxChars - 1), '…'];
  return chars
    .join('')
    .replace(/[\\`*_[\]()#+\-!|~{}:]/g, (ch) => `\\${ch}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/@(?!\s|$)/gu, `@${ZWSP}`)
    .replace(/#(?=\p{N})|gh\\-(?=\p{N})|www(?=\.)/giu, (m) => `${m}${ZWSP}`);
}

function shortRev(rev: string): string {
  return /^[0-9a-f]{40,64}$/i.test(rev) ? rev.slice(0, 7) : rev;
}

function count(n: number): string {
  return Number.isFinite(n) ? String(Math.trunc(n)) : '?';
}

export interface PrHeaderInput {
  prNumber?: number;
  title?: string;
  base: string;
  head: string;
  tokensUsed: number;
  budget: number;
  encoding: string;
  incomplete?: boolean;
  /** Our own notes (they may quote paths: escaped like any text). */
  notes?: readonly string[];
  /** Notes written as markdown from our own words and constants only (no path, name or title): not escaped. */
  markdownNotes?: readonly string[];
}

export function renderPrHeader(input: PrHeaderInput): string {
  const number = input.prNumber !== undefined && Number.isSafeInteger(input.prNumber) ? `PR #${input.prNumber}` : 'Changes';
  const title = input.title ? `: ${escapeMarkdownText(input.title)}` : '';
  const lines = [
    `## RepoDigest · ${number}${title}`,
    '',
    `${codeSpan(shortRev(input.base))}..${codeSpan(shortRev(input.head))} · ${count(input.tokensUsed)} / ${count(input.budget)} tokens (${codeSpan(input.encoding)})`,
  ];
  if (input.incomplete) lines.push('', '> **Incomplete:** the list of changes may be partial (see notes).');
  for (const note of input.notes ?? []) lines.push(`> ${escapeMarkdownText(note, 500)}`);
  for (const note of input.markdownNotes ?? []) lines.push(`> ${note}`);
  return lines.join('\n');
}

function location(c: ChangedSymbol): string {
  const [start, end] = c.lines;
  return `${c.file}:${start === end ? start : `${start}-${end}`}`;
}

/** A changed symbol as the PR sections see it: the diff's entry, its move links, and whether its contract changed. */
export type PrEntry = ChangedSymbol &
  MoveFields & {
    /** What breaks callers: the symbol is gone (not moved), was renamed or moved, or its header changed. */
    contract?: 'removed' | 'moved' | 'renamed' | 'signature';
    /** What kind of change it is (diff/changeClass.ts); mechanical ones are folded in the overview. */
    changeClass?: ChangeClass;
    /** Moved unchanged together with this moved ancestor (a method of a renamed class): listed under it. */
    carriedBy?: string;
  };

/** How much of the changed list the preamble carries: a table, names per file, or counts per file. */
export type ListLevel = 'table' | 'names' | 'counts';

/**
 * The levels with no changed list, no call sites and the review as one line: `brief` keeps the
 * overview's line of counts by class, `summary` (the last resort) not even that.
 */
export type SummaryLevel = 'brief' | 'summary';

export function isSummary(list: ListLevel | SummaryLevel): list is SummaryLevel {
  return list === 'brief' || list === 'summary';
}
/** How call sites are listed: one line per site, one line per file with line numbers, or only counted. */
export type SitesLevel = 'full' | 'compact' | 'counts';

export function removedIds(changed: readonly PrEntry[]): Set<string> {
  return new Set(changed.filter((c) => c.change === 'removed').map((c) => c.id));
}

/** Callers that exist in head (a removed symbol's calls are gone with it). */
export function liveCallers(id: string, adjacency: Adjacency, removed: ReadonlySet<string>) {
  return adjacency.callers(id).filter((n) => !removed.has(n.id));
}

/** `a.b.f` shortened against `c.id` when both live in the same module or class (`Old` for a rename in place). */
function shortAgainst(other: string, c: PrEntry): string {
  const scope = c.id.slice(0, c.id.length - c.name.length);
  return scope !== '' && other.startsWith(scope) ? other.slice(scope.length) : other;
}

/** What a list says about a change beyond added/modified/removed: the move, the carried members, a signature change. */
function changeDetail(c: PrEntry, inTable: boolean, members: readonly PrEntry[] = []): string | undefined {
  const span = (id: string) => codeSpan(id, inTable);
  const how = c.moveKind === 'renamed' ? 'renamed' : 'moved';
  const carried = members.length > 0 ? `; moved with it, unchanged: ${members.map((m) => span(m.id.slice(c.id.length + 1))).join(', ')}` : '';
  if (c.movedTo !== undefined) return `${how} to ${span(shortAgainst(c.movedTo, c))}`;
  const similar = c.similarity === undefined ? '' : `, ${Math.round(c.similarity * 100)}% similar`;
  if (c.movedFrom !== undefined) return `${how} from ${span(shortAgainst(c.movedFrom, c))}${similar}${carried}`;
  return c.contract === 'signature' ? 'signature' : undefined;
}

function changeText(c: PrEntry, inTable: boolean, members: readonly PrEntry[] = []): string {
  const detail = changeDetail(c, inTable, members);
  return detail === undefined ? c.change : `${c.change} (${detail})`;
}

/** The same inside parentheses of its own: `added, renamed from x`, not `added (renamed from x)` nested in `(…)`. */
export function changeClause(c: PrEntry): string {
  const detail = changeDetail(c, false);
  return detail === undefined ? c.change : `${c.change}, ${detail === 'signature' ? 'signature changed' : detail}`;
}

/** The entries a list shows on their own: not the removed end of a move (its added end names it), not carried members. */
function ownLines(changed: readonly PrEntry[]): { entry: PrEntry; members: PrEntry[] }[] {
  const members = new Map<string, PrEntry[]>();
  for (const c of changed) if (c.carriedBy !== undefined) members.set(c.carriedBy, [...(members.get(c.carriedBy) ?? []), c]);
  const hasAddedEnd = new Set(changed.filter((c) => c.movedFrom !== undefined).map((c) => c.movedFrom));
  return changed
    .filter((c) => c.carriedBy === undefined && !(c.movedTo !== undefined && hasAddedEnd.has(c.id)) && !isCarriedRemovedEnd(c, changed))
    .map((entry) => ({ entry, members: members.get(entry.id) ?? [] }));
}

/** The removed end of a carried member: its added end is listed under the moved ancestor. */
function isCarriedRemovedEnd(c: PrEntry, changed: readonly PrEntry[]): boolean {
  return c.movedTo !== undefined && changed.some((o) => o.id === c.movedTo && o.carriedBy !== undefined);
}

function summaryCounts(changed: readonly PrEntry[]): string {
  const n = (change: string) => changed.filter((c) => c.change === change).length;
  return `${n('added')} added, ${n('modified')} modified, ${n('removed')} removed`;
}

function byFile(changed: readonly PrEntry[]): [string, PrEntry[]][] {
  const files = new Map<string, PrEntry[]>();
  for (const c of changed) files.set(c.file, [...(files.get(c.file) ?? []), c]);
  return [...files];
}

/**
 * Every changed symbol, at every level: a table; or, when that displaces code, names per file;
 * or counts per file. The list is never cut.
 */
export function renderChangedList(all: readonly PrEntry[], adjacency: Adjacency, level: ListLevel, nonPython: readonly string[] = []): string {
  const removed = removedIds(all);
  const heading = `### Changed symbols (${all.length}: ${summaryCounts(all)})`;
  const lines = [heading, ''];
  // Mechanical changes are one line per class in the overview (overview.ts), not one row each.
  const changed = all.filter((c) => !isMechanical(c.changeClass));
  const folded = all.length - changed.length;
  if (folded > 0) lines.push(`${plural(folded, 'mechanical change')} (annotation, docstring or formatting only) ${folded === 1 ? 'is' : 'are'} folded in the overview.`, '');
  if (all.length === 0) lines.push('_No Python symbols changed._');
  else if (changed.length === 0) lines.pop();
  else if (level === 'table') {
    lines.push('| Symbol | Change | Location | Callers | Callees |', '| --- | --- | --- | ---: | ---: |');
    for (const { entry: c, members } of ownLines(changed)) {
      const row = [codeSpan(c.id, true), changeText(c, true, members), codeSpan(location(c), true), liveCallers(c.id, adjacency, removed).length, adjacency.callees(c.id).length];
      lines.push(`| ${row.join(' | ')} |`);
    }
  } else if (level === 'names') {
    const shown = ownLines(changed);
    const membersOf = new Map(shown.map((x) => [x.entry, x.members]));
    for (const [file, entries] of byFile(shown.map((x) => x.entry))) {
      const groups = (['added', 'modified', 'removed'] as const)
        .map((change) => {
          const names = entries
            .filter((c) => c.change === change)
            .map((c) => {
              const detail = changeDetail(c, false, membersOf.get(c));
              return `${codeSpan(c.name === '' ? '(module-level code)' : c.name)}${detail === undefined ? '' : ` (${detail})`}`;
            });
          return names.length > 0 ? `${change}: ${names.join(', ')}` : '';
        })
        .filter((g) => g !== '');
      lines.push(`- ${codeSpan(file)} ${groups.join('; ')}`);
    }
  } else {
    for (const [file, entries] of byFile(changed)) {
      const counts = (['added', 'modified', 'removed'] as const)
        .map((change) => [change, entries.filter((c) => c.change === change).length] as const)
        .filter(([, n]) => n > 0)
        .map(([change, n]) => `${n} ${change}`);
      lines.push(`- ${codeSpan(file)}: ${counts.join(', ')}`);
    }
    lines.push('', '_Names left out to fit the budget: the JSON digest lists every changed symbol._');
  }
  if (nonPython.length > 0) {
    lines.push('', `Changed but not analysed (not Python): ${nonPython.map((p) => codeSpan(p)).join(', ')}`);
  }
  return lines.join('\n');
}
