
import type { DataRecord, DataValue, TokenUsage } from '../pack/document.js';
import type { PackResult } from '../pack/packer.js';
import { adjacencyOf, type PackSettings, packRoots, withPackDefaults } from '../pipeline/packRepository.js';
import { jsonAroundMarkdown } from '../render/json.js';
import { redactNames } from '../review/redactNames.js';
import { renderCallSites } from './callSites.js';
import { bestOf, graphOf, levelNotes, levelsFor, mechanicalShareOf, mermaidWanted, perPrepared, SITES_KEPT, type SectionsLevel, showsAsMuch, showsEverything, showsMoreOfChange, sitesInput } from './levels.js';
import { MAX_RISKIEST, type OverviewInput, type RiskyItem, renderOverview } from './overview.js';
import { isTestIn, type PreparedPr } from './prepare.js';
import { redactionNote } from './redactionNote.js';
import { type HeaderData, reviewData, type ReviewDataInput } from './reviewData.js';
import { renderBreakingSection, renderReviewSummary, renderTestsSection } from './reviewSections.js';
import { isSummary, renderChangedList, renderPrHeader } from './sections.js';

/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export function packPr(prepared: PreparedPr, settings: Partial<PackSettings>): PackResult {
  const pack = withPackDefaults(settings);
  if (pack.format === 'json') {
    // The budget bounds the document (`content`), which is the markdown digest byte for byte; the JSON
    // around it (the complete manifest, every skip) is metadata (render/json.ts).
    const markdown = packPrDocument(prepared, { ...pack, format: 'markdown' });
    const header = headerOf(prepared, prepared.notes);
    const json = jsonAroundMarkdown(markdown, reviewData(reviewInput(prepared, pack, header), 'complete'));
    // `content` went through the renderer's redaction (render/namesRedacted.ts); the metadata's names
    // (paths, ids, the title) are redacted here, as every other output's are. A placeholder holds no
    // character JSON escapes, so the text stays valid JSON.
    return { ...markdown, content: prepared.index.secrets === undefined ? json : redactNames(json, prepared.index.secrets) };
  }
  return packPrDocument(prepared, pack);
}

function packPrDocument(prepared: PreparedPr, pack: PackSettings): PackResult {
  // Each level is packed at most once, whichever ladder asks for it.
  const packs = new Map<string, PackResult>();
  const packAt = (level: SectionsLevel): PackResult => {
    const key = JSON.stringify(level);
    if (!packs.has(key)) packs.set(key, packPrAt(prepared, pack, level));
    return packs.get(key)!;
  };
  // Levels that name every changed symbol (table, names) are chosen among by what they show; among
  // them, one that keeps the call-site lists wins when it shows the change as well as the most compact
  // (levels.ts). The unnamed ones (counts, brief, summary) win only when they show more of the change:
  // more changed lines (a signature alone shows none), then more changed symbols as code, then more
  // mechanical changes. At a budget the change does not fit, a list naming each symbol costs the code
  // of several.
  const levels = levelsFor(prepared, pack);
  const named = levels.filter((l) => l.list === 'table' || l.list === 'names');
  const unnamed = levels.filter((l) => !named.includes(l));
  const kept = bestOf(prepared, levelsFor(prepared, pack, SITES_KEPT), packAt).result;
  const compact = named.length > 0 ? bestOf(prepared, named.slice(-1), packAt).result : undefined;
  const first = kept && (compact === undefined || showsAsMuch(prepared, kept, compact)) ? { result: kept } : bestOf(prepared, named, packAt);
  // Every changed symbol in the document as code, and every mechanical change: no level can show more.
  if (first.result && showsEverything(prepared, first.result)) return first.result;
  // The most compact unnamed level shows the most (bestOf's premise): when even it shows no more of
  // the change than the named level, the fuller ones are not packed (each pack of a large PR is costly).
  if (first.result && !showsMoreOfChange(prepared, bestOf(prepared, unnamed.slice(-1), packAt).result, first.result)) return first.result;
  const second = unnamed.length > 0 ? bestOf(prepared, unnamed, packAt) : {};
  if (first.result && !showsMoreOfChange(prepared, second.result, first.result)) return first.result;
  if (second.result) return second.result;
  throw second.error ?? first.error;
}

function packPrAt(prepared: PreparedPr, pack: PackSettings, level: SectionsLevel): PackResult {
  const { index, entries } = prepared;
  const graph = mermaidWanted(pack) ? graphOf(prepared) : '';
  // What the level compacted is said in our own words only: markdown as written, never cut short.
  const cut = levelNotes(level, entries, graph !== '' && !level.mermaid);
  return packRoots(index, prepared.roots, pack, {
    title: 'RepoDigest: pull request context',
    removed: prepared.removed,
    changed: prepared.changed,
    views: (id) => prepared.views.get(id),
    priority: { ids: [...new Set([...prepared.plan.callSites, ...prepared.readers])], before: prepared.plan.nonTest },
    changedFirst: true,
    tail: prepared.tail,
    tailShare: mechanicalShareOf(prepared),
    compareNeighbours: prepared.compareNeighbours,
    ...(pack.format === 'xml'
      ? {
          // XML writes the review as data (reviewData.ts), from the record the JSON digest holds.
          preamble: [],
          preambleData: xmlPreamble(prepared, pack, level),
        }
      : { preamble: (usage: TokenUsage) => markdownPreamble(prepared, pack, level, usage, cut, graph) }),
  });
}

/** Said in the XML header when the level shortened a list: the lists' `total` attributes say by how much. */
export const XML_SHORTENED_NOTE = 'To fit the budget, some lists are shortened: a list element\'s total attribute counts every entry, and the JSON digest lists them all.';

/** The PR sections as data at `level`: built once, the header's redaction note added when the document shows one. */
function xmlPreamble(prepared: PreparedPr, pack: PackSettings, level: SectionsLevel): (usage: TokenUsage) => DataRecord {
  const { index, request } = prepared;
  const notes = [...prepared.notes, ...(levelNotes(level, prepared.entries, false).length > 0 ? [XML_SHORTENED_NOTE] : [])];
  const data = reviewData(reviewInput(prepared, pack, headerOf(prepared, notes)), level);
  const strings = [...dataStrings(data), request.title ?? ''];
  const header = data.header as DataRecord;
  return (usage) => {
    const redacted = redactionNote(prepared.redaction.counts, { items: usage.items, sections: strings }, index.secrets);
    return redacted === undefined ? data : { ...data, header: { ...header, notes: [...notes, redacted] } };
  };
}

/** The PR sections as markdown at `level` (markdown, and JSON's `content`). */
function markdownPreamble(prepared: PreparedPr, pack: PackSettings, level: SectionsLevel, usage: TokenUsage, cut: readonly string[], graph: string): string[] {
  const { changes, index, request, entries } = prepared;
  const adjacency = adjacencyOf(index);
  // The verdicts come first, right after the header, before the list and the code.
  const { findings, tests } = prepared.review;
  const sections =
    isSummary(level.list)
      ? [...(level.list === 'brief' ? nonEmpty(overviewOf(prepared).counts) : []), renderReviewSummary(findings, tests)]
      : [
          ...nonEmpty(overviewOf(prepared)[level.list === 'table' ? 'full' : level.list === 'names' ? 'folds' : 'counts']),
          renderBreakingSection(findings, level.review),
          renderTestsSection(tests, level.review),
          renderChangedList(entries, adjacency, level.list, changes.nonPython),
          renderCallSites({ ...sitesInput(prepared, pack), contract: level.contract, other: level.other }),
          ...(level.mermaid && graph !== '' ? [`### Call graph of the changes\n\n${graph}`] : []),
        ];
  const redacted = redactionNote(prepared.redaction.counts, { items: usage.items, sections: [...sections, request.title ?? ''] }, index.secrets);
  const header = renderPrHeader({
    ...(request.prNumber !== undefined ? { prNumber: request.prNumber } : {}),
    ...(request.title !== undefined ? { title: request.title } : {}),
    base: changes.mergeBase ?? request.base,
    head: changes.head ?? request.head,
    tokensUsed: usage.used,
    budget: usage.budget,
    encoding: usage.encoding,
    incomplete: changes.incomplete,
    notes: prepared.notes,
    markdownNotes: [...cut, ...(redacted === undefined ? [] : [redacted])],
  });
  return [header, ...sections];
}

/** The header as data: the same refs, title and notes the markdown header states. */
function headerOf(prepared: PreparedPr, notes: readonly string[]): HeaderData {
  const { changes, request } = prepared;
  return {
    ...(request.prNumber !== undefined ? { prNumber: request.prNumber } : {}),
    ...(request.title !== undefined ? { title: request.title } : {}),
    base: changes.mergeBase ?? request.base,
    head: changes.head ?? request.head,
    ...(changes.incomplete ? { incomplete: true } : {}),
    notes,
  };
}

/** What the review data is built from (reviewData.ts). */
function reviewInput(prepared: PreparedPr, pack: PackSettings, header: HeaderData): ReviewDataInput {
  const { review, changes } = prepared;
  return {
    header,
    overview: overviewInputOf(prepared),
    changed: prepared.changed,
    nonPython: changes.nonPython,
    findings: review.findings,
    tests: review.tests,
    redactions: prepared.redaction.counts,
    sites: sitesInput(prepared, pack),
  };
}

/** Every string in `data`: what the redaction note looks for secrets' values in. */
function dataStrings(data: DataValue | undefined): string[] {
  if (typeof data === 'string') return [data];
  if (data === null || data === undefined || typeof data !== 'object') return [];
  return (Array.isArray(data) ? data : Object.values(data)).flatMap((v: DataValue | undefined) => dataStrings(v));
}

/** The overview section (overview.ts): counts by class, the mechanical classes folded, the riskiest items. */
const overviewOf = perPrepared((prepared: PreparedPr): Record<'full' | 'folds' | 'counts', string> => {
  const input = overviewInputOf(prepared);
  return { full: renderOverview(input), folds: renderOverview({ ...input, detail: 'folds' }), counts: renderOverview({ ...input, detail: 'counts' }) };
});

/** What the overview says, before its detail is chosen: counts by class and the riskiest items. */
const overviewInputOf = perPrepared((prepared: PreparedPr): Omit<OverviewInput, 'detail'> => {
  const { entries, plan, review, changes, index } = prepared;
  const adjacency = adjacencyOf(index);
  const changedIds = new Set(entries.map((e) => e.id));
  const byId = new Map(entries.map((e) => [e.id, e]));
  const isTest = isTestIn(index);
  const tested = new Set(review.tests.tests.flatMap((t) => t.reaches));
  const riskiest: RiskyItem[] = plan.roots
    .slice(0, plan.nonTest)
    .filter((id) => byId.get(id)?.kind !== 'module')
    .slice(0, MAX_RISKIEST)
    .map((id) => {
      const e = byId.get(id)!;
      return {
        id,
        changeClass: e.changeClass ?? 'behaviour',
        callers: adjacency.callers(e.movedFrom ?? id).filter((n) => !changedIds.has(n.id) && !isTest(n.id)).length,
        breaking: review.findings.breaking.filter((b) => b.symbol === id && b.certainty === 'broken').length,
        tested: tested.has(id),
      };
    });
  return { entries, files: changes.files.length, nonPython: changes.nonPython.length, riskiest };
});

const nonEmpty = (text: string): string[] => (text === '' ? [] : [text]);
