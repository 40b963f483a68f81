// The PR digest's review as data (pure): one record that the JSON digest holds whole and the XML digest
// writes as elements (render/xmlData.ts), so the two formats share one model, not two copies.
//
// Decisions:
// - Fields and their order: header, overview, changed, nonPython, breaking, overrides, signatures,
//   tests, testsBeyond, testsCommand, mustRun, untested, callSites, redactions. The JSON's keys are these names.
// - `complete` (the JSON: metadata, never cut by the budget) lists everything, `changed` with each
//   symbol's diff. Otherwise (the XML: inside the budget) the lists follow the section level
//   (levels.ts), as the markdown sections do: a list cut short comes with `<key>Total`, the count of
//   every entry the JSON lists, and the changed list carries no diffs (the packed code shows them).
// - The pytest commands repeat the ids listed: cut, they are there only for up to NAMED_GROUP ids, as
//   in the markdown (the JSON has them always).
// - What the markdown folds, the data folds the same way: mechanical changes are named in the overview,
//   not in `changed`; verdicts go likely broken first, then check.
// - Prose fields (`reason`, a signature change's `text`, notes) are our own words with ids in code
//   spans, as in the markdown; the XML writer drops the backticks.
import { type ChangeClass, MECHANICAL } from '../diff/changeClass.js';
import type { ChangedSymbolRow, DataRecord, DataValue } from '../pack/document.js';
import type { AffectedTests } from '../review/affectedTests.js';
import type { ReviewFindings } from '../review/breakingSites.js';
import { pytestCommand } from '../review/pytestCommand.js';
import type { RedactionCount } from '../review/redact.js';
import { type CallSitesInput, callSiteData } from './callSites.js';
import { type OverviewInput, overviewData } from './overview.js';
import { COMPACT_GROUPS, MAX_LISTED, NAMED_GROUP, type ReviewDetail } from './reviewSections.js';
import { isSummary, type ListLevel, type SitesLevel, type SummaryLevel } from './sections.js';

/** How much of each list the data carries: everything, or what a section level shows. */
export type DataDetail = 'complete' | { list: ListLevel | SummaryLevel; review: ReviewDetail; contract: SitesLevel; other: SitesLevel };

export interface HeaderData {
  prNumber?: number;
  title?: string;
  base: string;
  head: string;
  incomplete?: boolean;
  /** Our own notes (the working tree, what the budget left out, redactions). */
  notes: readonly string[];
}

export interface ReviewDataInput {
  header: HeaderData;
  overview: Omit<OverviewInput, 'detail'>;
  changed: readonly ChangedSymbolRow[];
  nonPython: readonly string[];
  findings: ReviewFindings;
  tests: AffectedTests;
  redactions: readonly RedactionCount[];
  /** The call sites' input without its levels (callSites.ts). */
  sites: Omit<CallSitesInput, 'contract' | 'other'>;
}

/** The first `max` of `items`, with `<key>Total` when that cuts the list. */
function listed(key: string, items: readonly DataValue[], max: number): DataRecord {
  return { [key]: items.slice(0, max), ...(items.length > max ? { [`${key}Total`]: items.length } : {}) };
}

/** A manifest entry with its keys in a fixed order, optional ones only when set; the diff only when asked. */
function changedEntry(c: ChangedSymbolRow, withDiff: boolean): DataRecord {
  return {
    id: c.id,
    file: c.file,
    name: c.name,
    ...(c.kind === undefined ? {} : { kind: c.kind }),
    change: c.change,
    ...(c.changeClass === undefined ? {} : { changeClass: c.changeClass }),
    ...(c.startLine === undefined ? {} : { startLine: c.startLine }),
    ...(c.endLine === undefined ? {} : { endLine: c.endLine }),
    ...(c.movedFrom === undefined ? {} : { movedFrom: c.movedFrom }),
    ...(c.movedTo === undefined ? {} : { movedTo: c.movedTo }),
    ...(c.moveKind === undefined ? {} : { moveKind: c.moveKind }),
    ...(c.similarity === undefined ? {} : { similarity: c.similarity }),
    ...(withDiff && c.changedLines !== undefined ? { changedLines: c.changedLines } : {}),
    ...(withDiff && c.diff !== undefined ? { diff: c.diff } : {}),
  };
}

function changedData(changed: readonly ChangedSymbolRow[], detail: DataDetail): DataRecord {
  if (detail === 'complete') return { changed: changed.map((c) => changedEntry(c, true)) };
  const own = changed.filter((c) => !MECHANICAL.has(c.changeClass as ChangeClass));
  const total = { changedTotal: changed.length };
  if (detail.list === 'table') return { changed: own.map((c) => changedEntry(c, false)), ...(own.length < changed.length ? total : {}) };
  if (detail.list === 'names') {
    const names = own.map((c) => ({ id: c.id, change: c.change, ...(c.movedFrom === undefined ? {} : { movedFrom: c.movedFrom }), ...(c.movedTo === undefined ? {} : { movedTo: c.movedTo }) }));
    return { changed: names, ...(own.length < changed.length ? total : {}) };
  }
  if (isSummary(detail.list)) return { changed: [], ...total };
  const files = new Map<string, Record<'added' | 'modified' | 'removed', number>>();
  for (const c of own) {
    const counts = files.get(c.file) ?? { added: 0, modified: 0, removed: 0 };
    counts[c.change]++;
    files.set(c.file, counts);
  }
  return { changed: [], ...total, changedByFile: [...files].map(([file, n]) => ({ file, ...n })) };
}

/** Verdicts as the markdown reads them: likely broken first, then check. */
function verdictOrder(findings: ReviewFindings) {
  return [...findings.breaking.filter((b) => b.certainty === 'broken'), ...findings.breaking.filter((b) => b.certainty === 'check')];
}

/** The findings and the test tiers at `detail` (the breaking … untested fields). */
export function reviewListsData(findings: ReviewFindings, tests: AffectedTests, detail: DataDetail): DataRecord {
  const review: ReviewDetail | 'complete' = detail === 'complete' ? 'complete' : isSummary(detail.list) ? 'counts' : detail.review;
  const all = Number.POSITIVE_INFINITY;
  const max = (full: number, compact: number, counts: number) => (review === 'complete' ? all : review === 'full' ? full : review === 'compact' ? compact : counts);
  const breaking = verdictOrder(findings).map((b) => ({ symbol: b.symbol, site: { file: b.site.file, line: b.site.line, caller: b.site.caller }, reason: b.reason, certainty: b.certainty }));
  const overrides = findings.overrides.map((o) => ({ base: o.base, override: o.override, file: o.file, line: o.line, matches: o.matches, ...(o.reason ? { reason: o.reason } : {}) }));
  const signatures = findings.signatures.map((s) => ({ id: s.id, before: s.diff.before, after: s.diff.after, breaking: s.diff.breaking, changes: s.diff.changes.map((c) => ({ ...c })) }));
  const nodeIds = tests.tests.map((t) => t.nodeId);
  const mustRunFiles = tests.mustRun?.files ?? [];
  const testsMax = max(MAX_LISTED, COMPACT_GROUPS, 0);
  const filesMax = max(MAX_LISTED, COMPACT_GROUPS, 0);
  // A command repeats the ids listed: the XML carries it only when it is short (the markdown's rule).
  const short = (ids: readonly string[]) => (review === 'complete' || ids.length <= Math.min(NAMED_GROUP, testsMax) ? (pytestCommand(ids) ?? null) : null);
  const testsCommand = short(nodeIds);
  const mustRunCommand = short(mustRunFiles);
  return {
    ...listed('breaking', breaking, max(MAX_LISTED, MAX_LISTED, COMPACT_GROUPS)),
    ...listed('overrides', overrides, max(MAX_LISTED, 0, 0)),
    ...listed('signatures', signatures, max(MAX_LISTED, 0, 0)),
    ...listed('tests', tests.tests.map((t) => ({ nodeId: t.nodeId, reaches: t.reaches, hops: t.hops, ...(t.definedAt === undefined ? {} : { definedAt: t.definedAt }) })), testsMax),
    testsBeyond: tests.beyond ?? 0,
    testsCommand,
    mustRun: {
      ...listed('files', mustRunFiles, filesMax),
      command: mustRunCommand,
      notes: review === 'counts' ? [] : (tests.mustRun?.notes ?? []),
    },
    ...listed('untested', tests.unreached, max(MAX_LISTED, 0, 0)),
  };
}

function headerData(header: HeaderData): DataRecord {
  return {
    ...(header.prNumber === undefined ? {} : { prNumber: header.prNumber }),
    ...(header.title === undefined ? {} : { title: header.title }),
    base: header.base,
    head: header.head,
    ...(header.incomplete ? { incomplete: true } : {}),
    notes: header.notes,
  };
}

/** The review record at `detail`: every list whole (`complete`, the JSON), or as a section level shows it (the XML). */
export function reviewData(input: ReviewDataInput, detail: DataDetail): DataRecord {
  const overviewDetail = detail === 'complete' ? 'complete' : detail.list === 'table' ? 'full' : detail.list === 'names' ? 'folds' : 'counts';
  const overview = detail !== 'complete' && detail.list === 'summary' ? undefined : overviewData({ ...input.overview, detail: overviewDetail });
  const sitesLevels = detail === 'complete' ? { contract: 'full' as const, other: 'full' as const } : { contract: detail.contract, other: detail.other };
  const callSites = detail !== 'complete' && isSummary(detail.list) ? undefined : callSiteData({ ...input.sites, ...sitesLevels }, detail === 'complete');
  return {
    header: headerData(input.header),
    ...(overview === undefined ? {} : { overview }),
    ...changedData(input.changed, detail),
    nonPython: input.nonPython,
    ...reviewListsData(input.findings, input.tests, detail),
    ...(callSites === undefined ? {} : { callSites }),
    redactions: input.redactions.map((r) => ({ kind: r.kind, count: r.count })),
  };
}
