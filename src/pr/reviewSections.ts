// The review sections of a PR digest (pure): breaking call sites, signature changes with their
// overrides, and the tests that reach the change. Shown before any code.
//
// Decisions:
// - "Likely broken" first, then "check", then overrides that still match, then the signature
//   changes: a reviewer reads the verdicts before the evidence.
// - Paths and ids go in code spans (sections.ts codeSpan); reasons quote only identifiers.
// - Tests that reach the same changed symbols in as many hops are one line. Up to NAMED_GROUP tests
//   it names them all ("`a`, `b` and `c`": a reviewer runs them, and two names cost about what "and 1
//   more test" does); a larger group is led by the first node id ("and N more tests"): hundreds of tests
//   that reach one entry point in as many hops would otherwise be listed by name while changed symbols
//   are left out. The node ids are all in JSON and the Action's `tests` output.
// - Long lists stay complete in JSON; here at most MAX_LISTED lines each, then "… and N more"; a long
//   signature is folded to its changed parameters (signatureDelta.ts), JSON keeps it whole.
// - Tests come in two tiers: must-run (test modules that import the changed code: sound by
//   construction, review/mustRunTests.ts) on one line with its pytest command, then most likely (the
//   tests that call a changed symbol, by node id). "No test reaches" is said only when both are empty.
// - Sections are markdown (the markdown digest and the JSON's `content`); the XML digest writes the
//   same findings as data (reviewData.ts), its lists cut at the same levels.
// - The review sections shrink with the rest of the preamble when changed code would be left out
//   (ReviewDetail, one step of levels.ts's ladder each): a reviewer reads the diff first and
//   the lists second, and every list is whole in the JSON digest and the Action's outputs. `compact`
//   keeps every verdict line (likely broken, check) and at most COMPACT_GROUPS test lines, and counts
//   the matching overrides, the signature changes and the untested symbols; `counts` keeps the verdict
//   count and at most COMPACT_GROUPS verdict lines, and makes the tests one line of counts. At a small
//   budget, whole lists can keep most of the changed symbols out of the document.
import { type AffectedTest, type AffectedTests, MAX_HOPS } from '../review/affectedTests.js';
import type { ReviewFindings } from '../review/breakingSites.js';
import { pytestCommand } from '../review/pytestCommand.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';
import { signatureDelta } from './signatureDelta.js';

export const MAX_LISTED = 20;
/** How many verdict or test lines the shortened review sections keep. */
export const COMPACT_GROUPS = 5;

/** How much of the review lists a PR digest carries (the budget's ladder, levels.ts). */
export type ReviewDetail = 'full' | 'compact' | 'counts';
/** A group of tests this small is named in full on its line. */
export const NAMED_GROUP = 3;


function more(total: number, shown: number): string[] {
  return total > shown ? [`- … and ${total - shown} more (all of them in the JSON digest)`] : [];
}

export function renderBreakingSection(findings: ReviewFindings, detail: ReviewDetail = 'full'): string {
  const heading = '### Breaking call sites';
  const broken = findings.breaking.filter((b) => b.certainty === 'broken');
  const check = findings.breaking.filter((b) => b.certainty === 'check');
  const matching = findings.overrides.filter((o) => o.matches);
  const lines = [heading, ''];
  if (findings.breaking.length === 0) {
    const changed = findings.signatures.filter((s) => s.diff.breaking).length;
    lines.push(
      changed === 0
        ? 'No signature changed in a way that can break a call, and no removed symbol is still called.'
        : `No call site or override breaks: ${plural(findings.checkedSites, 'call site')} of ${plural(changed, 'changed signature')} still ${findings.checkedSites === 1 ? 'binds' : 'bind'}.`,
    );
  } else {
    lines.push(`**${broken.length} likely broken**, ${check.length} to check.`, '');
    const max = detail === 'counts' ? COMPACT_GROUPS : MAX_LISTED;
    for (const b of [...broken, ...check].slice(0, max)) {
      const verdict = b.certainty === 'broken' ? 'likely broken' : 'check';
      lines.push(`- ${verdict}: ${codeSpan(`${b.site.file}:${b.site.line}`)} in ${codeSpan(b.site.caller)}: ${b.reason}`);
    }
    lines.push(...more(broken.length + check.length, max));
  }
  if (detail !== 'full') {
    // Shortened: the overrides that still match and the signature changes are counted (JSON lists them).
    const counted = [
      ...(matching.length > 0 ? [`${plural(matching.length, 'override')} of changed signatures still ${matching.length === 1 ? 'matches' : 'match'}`] : []),
      ...(findings.signatures.length > 0 ? [`${plural(findings.signatures.length, 'signature')} changed`] : []),
    ];
    if (counted.length > 0) lines.push('', `${counted.join('; ')} (listed in the JSON digest).`);
    return lines.join('\n');
  }
  if (matching.length > 0) {
    lines.push('', 'Overrides of changed signatures that still match:', '');
    for (const o of matching.slice(0, MAX_LISTED)) {
      lines.push(`- ${codeSpan(o.override)} (${codeSpan(`${o.file}:${o.line}`)}) overrides ${codeSpan(o.base)}: matches`);
    }
    lines.push(...more(matching.length, MAX_LISTED));
  }
  if (findings.signatures.length > 0) {
    lines.push('', 'Signature changes:', '');
    for (const s of findings.signatures.slice(0, MAX_LISTED)) {
      const what = s.diff.changes.map((c) => c.text).join('; ');
      const shown = signatureDelta(s.diff.before, s.diff.after);
      lines.push(`- ${codeSpan(s.id)}: ${codeSpan(shown.before)} -> ${codeSpan(shown.after)} (${what})`);
    }
    lines.push(...more(findings.signatures.length, MAX_LISTED));
  }
  return lines.join('\n');
}

/** Tests that reach the same changed symbols in as many hops, in node-id order of their first test. */
function sameReach(tests: readonly AffectedTest[]): AffectedTest[][] {
  const groups = new Map<string, AffectedTest[]>();
  for (const t of tests) {
    const key = [t.hops, ...t.reaches].join('\u0000');
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  return [...groups.values()];
}

/** "`a`", "`a` and `b`", "`a`, `b` and `c`" up to NAMED_GROUP tests; beyond, "`a` and N more tests". */
function groupNames(group: readonly AffectedTest[]): string {
  const ids = group.map((t) => codeSpan(t.nodeId));
  if (ids.length === 1) return ids[0]!;
  if (ids.length <= NAMED_GROUP) return `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`;
  return `${ids[0]!} and ${plural(ids.length - 1, 'more test')}`;
}

/** The must-run tier in one line (files named up to what the detail allows), and its notes. */
function mustRunLines(tests: AffectedTests, detail: ReviewDetail): string[] {
  const tier = tests.mustRun;
  if (tier === undefined) return [];
  const n = tier.files.length;
  const where = `the Action's ${codeSpan('tests-must-run')} output`;
  // None: said on the "No test reaches" line (noneImports), with the notes when there is room.
  if (n === 0) return detail === 'counts' || tier.notes.length === 0 ? [] : ['Must run: no test module imports the changed code.', ...tier.notes.map((note) => `- ${note}`), ''];
  const named = detail === 'full' ? MAX_LISTED : detail === 'compact' ? COMPACT_GROUPS : 0;
  // All named: the command names them, once. Else the first ones, and where the rest are.
  const files = tier.files.slice(0, named).map((f) => codeSpan(f));
  const list =
    n <= named ? `: ${codeSpan(pytestCommand(tier.files)!)}` : files.length === 0 ? ` (all in ${where})` : `: ${files.join(', ')} and ${n - files.length} more (all in ${where})`;
  return [`Must run: ${plural(n, 'test file')} ${n === 1 ? 'imports' : 'import'} the changed code${list}.`, ...(detail === 'counts' ? [] : tier.notes.map((note) => `- ${note}`)), ''];
}

/** How far the most-likely tier follows calls (affectedTests.ts). */
const WITHIN = `within ${MAX_HOPS} calls`;

export function renderTestsSection(tests: AffectedTests, detail: ReviewDetail = 'full'): string {
  const lines = ['### Tests that exercise the change', '', ...mustRunLines(tests, detail)];
  const n = tests.tests.length;
  const untested = tests.unreached.length;
  if (detail === 'counts') {
    const beyond = tests.beyond ?? 0;
    const reach = n === 0 && beyond > 0 ? `${plural(beyond, 'test')} ${beyond === 1 ? 'reaches' : 'reach'} a changed symbol through deeper calls, none listed` : n === 0 ? `No test reaches a changed symbol ${WITHIN}` : `${plural(n, 'test')} ${n === 1 ? 'reaches' : 'reach'} a changed symbol ${WITHIN}`;
    const none = untested > 0 ? `; ${plural(untested, 'changed symbol')} ${untested === 1 ? 'is' : 'are'} reached by none` : '';
    lines.push(`${reach}${none} (the JSON digest lists them${n > 0 ? `, the Action's ${codeSpan('tests')} output the tests` : ''}).`);
    return lines.join('\n');
  }
  const noneImports = tests.mustRun !== undefined && tests.mustRun.files.length === 0 ? ' or imports its module' : '';
  if (n === 0 && (tests.beyond ?? 0) > 0) lines.push('Most likely: none listed.');
  else if (n === 0) lines.push(`No test reaches a changed symbol ${WITHIN}${noneImports}${untested > 0 && detail === 'full' ? ':' : '.'}`);
  else {
    // One parenthesis: the command when it is short, and where every node id is.
    const run = n <= NAMED_GROUP ? `run ${n === 1 ? 'it' : 'them'} with ${codeSpan(pytestCommand(tests.tests.map((t) => t.nodeId))!)}; ` : '';
    lines.push(`Most likely: ${plural(n, 'test')} ${n === 1 ? 'reaches' : 'reach'} a changed symbol ${WITHIN} (${run}every node id is in the Action's ${codeSpan('tests')} output):`, '');
    const groups = sameReach(tests.tests);
    let shown = 0;
    for (const group of groups.slice(0, detail === 'full' ? MAX_LISTED : COMPACT_GROUPS)) {
      const t = group[0]!;
      const reaches = t.reaches.map((id) => codeSpan(id)).join(', ');
      const how = t.hops === 0 ? 'changed itself' : plural(t.hops, 'hop');
      lines.push(`- ${groupNames(group)}: ${reaches} (${how})`);
      shown += group.length;
    }
    lines.push(...more(tests.tests.length, shown));
  }
  const beyond = tests.beyond ?? 0;
  if (beyond > 0) lines.push('', `${plural(beyond, n === 0 ? 'test' : 'more test')} ${beyond === 1 ? 'reaches' : 'reach'} the change through deeper calls, left out of this list to keep it a small share of the suite (the must-run tier covers them).`);
  if (untested > 0 && detail !== 'full') {
    lines.push('', `${plural(untested, 'changed symbol')} ${untested === 1 ? 'is' : 'are'} reached by no test ${WITHIN} (listed in the JSON digest).`);
  } else if (untested > 0) {
    // A paragraph between the two lists: a blank line alone would join them into one list.
    if (tests.tests.length > 0) lines.push('', `Changed symbols that no test reaches ${WITHIN} and no test module imports:`);
    lines.push('');
    for (const id of tests.unreached.slice(0, MAX_LISTED)) lines.push(`- ${codeSpan(id)}`);
    lines.push(...more(tests.unreached.length, MAX_LISTED));
  }
  return lines.join('\n');
}

/** One line for the tightest budgets: the verdict counts, the lists left to the JSON digest. */
export function renderReviewSummary(findings: ReviewFindings, tests: AffectedTests): string {
  const broken = findings.breaking.filter((b) => b.certainty === 'broken').length;
  const check = findings.breaking.length - broken;
  return `**Review:** ${plural(broken, 'call site')} likely broken, ${check} to check; ${plural(tests.tests.length, 'test')} ${tests.tests.length === 1 ? 'reaches' : 'reach'} the change (lists in the JSON digest).`;
}
