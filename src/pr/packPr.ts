
import type { PackResult } from '../pack/packer.js';
import { adjacencyOf, type PackSettings, packRoots } from '../pipeline/packRepository.js';
import { jsonAroundMarkdown } from '../render/json.js';
import { renderCallSites } from './callSites.js';
import { bestOf, graphOf, levelNotes, levelsFor, mermaidWanted, perPrepared, type SectionsLevel, sitesInput } from './levels.js';
import { MAX_RISKIEST, type RiskyItem, renderOverview } from './overview.js';
import { isTestIn, type PreparedPr } from './prepare.js';
import { redactionNote } from './redactionNote.js';
import { renderBreakingSection, renderReviewSummary, renderTestsSection, reviewJson, } from './reviewSections.js';
import { renderChangedList, renderPrHeader } from './sections.js';

/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export function packPr(prepared: PreparedPr, pack: PackSettings): PackResult {
  if (pack.format === 'json') {
    // The budget bounds the document (`content`), which is the markdown digest byte for byte; the JSON
    // around it (the complete manifest, every skip) is metadata (render/json.ts).
    const markdown = packPrDocument(prepared, { ...pack, format: 'markdown' });
    return { ...markdown, content: jsonAroundMarkdown(markdown, prepared.changed, reviewExtra(prepared)) };
  }
  return packPrDocument(prepared, pack);
}

function packPrDocument(prepared: PreparedPr, pack: PackSettings): PackResult {
  // Levels that name every changed symbol (table, names) are chosen among by what they show; the
  // unnamed ones (counts, summary) only when none of those fits at all.
  const levels = levelsFor(prepared, pack);
  const named = levels.filter((l) => l.list === 'table' || l.list === 'names');
  const first = bestOf(prepared, named, (level) => packPrAt(prepared, pack, level));
  if (first.result) return first.result;
  const second = bestOf(prepared, levels.filter((l) => !named.includes(l)), (level) => packPrAt(prepared, pack, level));
  if (second.result) return second.result;
  throw second.error ?? first.error;
}


function packPrAt(prepared: PreparedPr, pack: PackSettings, level: SectionsLevel): PackResult {
  const { changes, index, request, entries } = prepared;
  const adjacency = adjacencyOf(index);
  const graph = mermaidWanted(pack) ? graphOf(prepared) : '';
  const notes = [...prepared.notes, ...levelNotes(level, entries, graph !== '' && !level.mermaid)];
  return packRoots(index, prepared.roots, pack, {
    title: 'RepoDigest: pull request context',
    removed: prepared.removed,
    changed: prepared.changed,
    views: (id) => prepared.views.get(id),
    priority: { ids: [...new Set([...prepared.plan.callSites, ...prepared.readers])], before: prepared.plan.nonTest },
    changedFirst: true,
    tail: prepared.tail,
    compareNeighbours: prepared.compareNeighbours,
    preamble: (usage) => {
      // The verdicts come first, right after the header, before the list and the code.
      const { findings, tests } = prepared.review;
      const sections =
        level.list === 'summary'
          ? [renderReviewSummary(findings, tests)]
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
        notes,
        ...(redacted === undefined ? {} : { markdownNotes: [redacted] }),
      });
      return [header, ...sections];
    },
  });
}

/** The overview section (overview.ts): counts by class, the mechanical classes folded, the riskiest items. */
const overviewOf = perPrepared((prepared: PreparedPr): Record<'full' | 'folds' | 'counts', string> => {
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
  const input = { entries, files: changes.files.length, nonPython: changes.nonPython.length, riskiest };
  return { full: renderOverview(input), folds: renderOverview({ ...input, detail: 'folds' }), counts: renderOverview({ ...input, detail: 'counts' }) };
});

const nonEmpty = (text: string): string[] => (text === '' ? [] : [text]);

/** The review's JSON metadata: complete at every budget, like the `changed` manifest. */
function reviewExtra(prepared: PreparedPr): Record<string, unknown> {
  return reviewJson(prepared.review.findings, prepared.review.tests, prepared.redaction.counts);
}
