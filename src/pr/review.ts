// The review half of a PR digest (I/O: reads base files from git): breaking call sites and the tests
// that reach the change, from the prepared diff and index (review/breakingSites.ts,
// review/affectedTests.ts say what is computed and why).
//
// Decisions:
// - A modified function's base signature comes from the merge base's file, parsed again here, and is
//   matched by file and qualified name with its `#N` (`Flask.log_exception`, `Response.encoding#2`), not
//   by id: the index may name modules by their import name while base ids follow paths. The `#N` keeps a
//   property's getter and setter apart (a getter compared with the base's setter would read as
//   "`value` removed", a breaking change that was not made).
// - Without git (the REST API fallback) base files are unknown: signatures are not compared, and a
//   note says so; removed symbols still called and the tests are still found.
// - Calls that changed code adds are those on the head lines the diff added.
// - Head's `.pyi` stubs are read from git at head, as declarations a call may be written against
//   (review/stubs.ts); they are never indexed.

import type { ChangedSymbol } from '../diff/changedSymbols.js';
import { type GitDeps, listFilesAtRevision, readFilesAtRevision, runGitDefault } from '../diff/gitDiff.js';
import type { PrChanges } from '../diff/prChanges.js';
import type { RemovedReference } from '../diff/removedReferences.js';
import { repoPathOf } from '../diff/scanRoot.js';
import { decodePythonSource } from '../files/decode.js';
import type { FileRecord, PySymbol, RepoIndex } from '../model.js';
import { adjacencyOf } from '../pipeline/packRepository.js';
import { extractFile } from '../python/extract.js';
import { loadPythonParser, type PythonParser } from '../python/treeSitter.js';
import { type AffectedTests, findAffectedTests, withMustRun } from '../review/affectedTests.js';
import { type BreakingSite, type ChangedCallable, findBreakingSites, type ReviewFindings } from '../review/breakingSites.js';
import { findMustRunTests } from '../review/mustRunTests.js';
import { buildStubIndex, type StubIndex } from '../review/stubs.js';
import { redactText, type SecretTable } from '../review/redact.js';

export interface PrReview {
  findings: ReviewFindings;
  tests: AffectedTests;
  notes: string[];
}

export interface PrReviewInput {
  repoDir: string;
  changes: Pick<PrChanges, 'source' | 'mergeBase' | 'files' | 'scanPrefix' | 'changed' | 'nonPython'> & Partial<Pick<PrChanges, 'head'>>;
  index: RepoIndex;
  /** The digest's own "removed but still referenced" list (diff/removedReferences.ts), folded in. */
  removedReferences?: readonly RemovedReference[];
  /** Secrets to redact from the signatures shown (base signatures come from git, not the redacted index). */
  secrets?: SecretTable;
  /** Removed methods a base class still defines: the method their calls now reach (diff/removedAnswers.ts). */
  inherited?: ReadonlyMap<string, string>;
  /** How a base version read from git is extracted (cache/cachedExtract.ts revisionExtractor); default extractFile. */
  extract?: (parser: PythonParser, path: string, text: string) => FileRecord;
  /**
   * Ids of changes that cannot change what a call does (annotation, docstring or formatting only,
   * diff/changeClass.ts): no test is said to reach them and their signature reports are left out.
   */
  mechanical?: ReadonlySet<string>;
  /**
   * Ids of changes that cannot change what the code does when it runs (docstring, comment or
   * formatting only): they select no must-run test. An annotation-only change still does: Python
   * evaluates annotations at run time where dataclasses, attrs and `typing.get_type_hints` read them.
   */
  inert?: ReadonlySet<string>;
}

/** The id inside its file: the qualified name's segments of the id, so with any `#N` (`Response.encoding#2`). */
function localId(s: { id: string; name: string }): string {
  return s.id.split('.').slice(-s.name.split('.').length).join('.');
}

/** Base versions of the modified functions and methods, by changed id. */
async function baseSymbols(input: PrReviewInput, git: GitDeps): Promise<Map<string, PySymbol>> {
  const { changes } = input;
  const out = new Map<string, PySymbol>();
  if (changes.source !== 'git' || changes.mergeBase === undefined) return out;
  const wanted = changes.changed.filter((c) => c.change === 'modified' && (c.kind === 'function' || c.kind === 'method'));
  if (wanted.length === 0) return out;
  const basePath = new Map(changes.files.map((f) => [f.path, f.oldPath ?? f.path]));
  const paths = [...new Set(wanted.map((c) => basePath.get(c.file) ?? c.file))].sort();
  const bytes = await readFilesAtRevision(input.repoDir, changes.mergeBase, paths.map((p) => repoPathOf(p, changes.scanPrefix)), git);
  const parser = await loadPythonParser();
  const byFile = new Map<string, Map<string, PySymbol>>();
  for (const path of paths) {
    const raw = bytes.get(repoPathOf(path, changes.scanPrefix));
    if (!raw) continue;
    const decoded = decodePythonSource(raw);
    if (!decoded.ok) continue;
    try {
      byFile.set(path, new Map((input.extract ?? extractFile)(parser, path, decoded.text).symbols.map((s) => [localId(s), s])));
    } catch {
      // Unparseable base file (a trap, the parse time limit): its symbols have no base version here.
      // Not silent: diff/prChanges.ts failed on the same version first and its note names the file.
    }
  }
  for (const c of wanted) {
    const symbol = byFile.get(basePath.get(c.file) ?? c.file)?.get(localId(c));
    if (symbol) out.set(c.id, symbol);
  }
  return out;
}

/** The revision whose stubs the review reads: head, when git gave the diff and a symbol changed. */
function stubRevision(changes: Pick<PrChanges, 'source' | 'changed'> & Partial<Pick<PrChanges, 'head'>>): string | undefined {
  return changes.source === 'git' && changes.changed.length > 0 ? changes.head : undefined;
}

/**
 * Asks git now for the file list headStubs reads later (a whole tree's listing: about 0.1 s of wall
 * time on a few thousand files), so that it runs on another core while the tree is scanned; `git` must
 * be the run's memoised git (pr/runMemo.ts), which hands the answer to the later ask. Failures are
 * left to that ask.
 */
export function listStubsEarly(repoDir: string, changes: Pick<PrChanges, 'source' | 'changed' | 'head'>, git: GitDeps): void {
  const head = stubRevision(changes);
  if (head !== undefined) listFilesAtRevision(repoDir, head, git).catch(() => undefined);
}

/** Stub files read at most, and the largest read (a stub is declarations: large ones are generated). */
const MAX_STUB_FILES = 2000;
const MAX_STUB_BYTES = 1024 * 1024;

/**
 * Head's `.pyi` stubs under the scan root (review/stubs.ts says what they answer); none without git,
 * and none when git cannot list them (the review then binds against implementations alone).
 */
async function headStubs(input: PrReviewInput, git: GitDeps): Promise<StubIndex | undefined> {
  const { changes } = input;
  const head = stubRevision(changes);
  if (head === undefined) return undefined;
  const prefix = changes.scanPrefix === '' ? '' : `${changes.scanPrefix}/`;
  let paths: string[];
  try {
    paths = (await listFilesAtRevision(input.repoDir, head, git)).filter((p) => p.endsWith('.pyi') && p.startsWith(prefix)).slice(0, MAX_STUB_FILES);
  } catch {
    return undefined;
  }
  if (paths.length === 0) return undefined;
  const bytes = await readFilesAtRevision(input.repoDir, head, paths, git);
  const parser = await loadPythonParser();
  const records: FileRecord[] = [];
  for (const path of paths) {
    const raw = bytes.get(path);
    if (!raw || raw.length > MAX_STUB_BYTES) continue;
    const decoded = decodePythonSource(raw);
    if (!decoded.ok) continue;
    try {
      records.push((input.extract ?? extractFile)(parser, path.slice(prefix.length), decoded.text));
    } catch {
      // An unparseable stub declares nothing here: calls are bound against the implementation alone.
    }
  }
  return records.length > 0 ? buildStubIndex(records) : undefined;
}

function addedLines(changes: PrReviewInput['changes']): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const f of changes.files) {
    if (f.linesUnknown || !f.isPython) continue;
    const lines = new Set<number>();
    for (const [from, to] of f.newLines) for (let n = from; n <= to; n++) lines.add(n);
    out.set(f.path, lines);
  }
  return out;
}

export async function reviewPr(input: PrReviewInput, git: GitDeps = { runGit: runGitDefault }): Promise<PrReview> {
  const notes: string[] = [];
  const bases = await baseSymbols(input, git);
  if (input.changes.source !== 'git') notes.push('Signatures were not compared: the base files are unknown without git.');
  const changed: ChangedCallable[] = input.changes.changed.map((c: ChangedSymbol) => {
    const base = bases.get(c.id);
    return { id: c.id, change: c.change, ...(base ? { base } : {}) };
  });
  const adjacency = adjacencyOf(input.index);
  const references = input.removedReferences;
  const stubs = await headStubs(input, git);
  const findings = findBreakingSites({
    symbols: input.index.byId,
    edges: input.index.edges,
    adjacency,
    changed,
    addedLines: addedLines(input.changes),
    ...(references ? { reportRemoved: false } : {}),
    ...(input.inherited ? { inherited: input.inherited } : {}),
    ...(stubs ? { stubs } : {}),
  });
  if (input.secrets) {
    for (const s of findings.signatures) {
      s.diff.before = redactText(s.diff.before, input.secrets).text;
      s.diff.after = redactText(s.diff.after, input.secrets).text;
    }
  }
  if (references) {
    findings.breaking = [...findings.breaking, ...references.flatMap(removedSites)].sort(compareBreaking);
  }
  const mechanical = input.mechanical ?? new Set<string>();
  findings.signatures = findings.signatures.filter((s) => !mechanical.has(s.id));
  // Docstring-, comment- and formatting-only changes select no test: a file is changed for the
  // must-run tier when one of its changed symbols changes code (or it has no symbol row). The
  // most-likely tier leaves annotation-only changes out too: they do not change what a call does.
  const inert = input.inert ?? new Set<string>();
  const headPaths = new Set(input.index.files.map((f) => f.path));
  const symbolFiles = new Set(input.changes.changed.map((c) => c.file));
  const behaviourFiles = new Set(input.changes.changed.filter((c) => !inert.has(c.id) && headPaths.has(c.file)).map((c) => c.file));
  const mustRun = findMustRunTests({
    symbols: input.index.byId,
    edges: input.index.edges,
    files: input.index.files,
    changedFiles: input.changes.files.filter((f) => f.isPython && f.status !== 'removed' && (behaviourFiles.has(f.path) || !symbolFiles.has(f.path))).map((f) => f.path),
    otherChangedFiles: input.changes.nonPython,
  });
  const mostLikely = findAffectedTests({ symbols: input.index.byId, adjacency, edges: input.index.edges, changed: changed.filter((c) => !mechanical.has(c.id)) });
  const tests = withMustRun(mostLikely, mustRun, input.index.byId);
  return { findings, tests, notes };
}

function short(id: string): string {
  return id.slice(id.lastIndexOf('.') + 1);
}

/**
 * A removed symbol's live references as breaking sites: resolved ones broken, name-only ones "check".
 * A site's line is known whenever its holder is (diff/removedReferences.ts); the file's first line stands in otherwise.
 */
function removedSites(ref: RemovedReference): BreakingSite[] {
  const moved = ref.movedTo !== undefined ? ` (now \`${short(ref.movedTo)}\`)` : '';
  const sites: BreakingSite[] = ref.sites.map((s) => ({
    symbol: ref.id,
    site: { file: s.file, line: s.line ?? 1, caller: s.caller },
    reason: `${s.via === 'import' ? 'imports' : s.via === 'value' ? 'uses' : 'calls'} \`${short(ref.id)}\`${s.via === 'value' ? ' as a value' : ''}, which this change removes${moved}`,
    certainty: 'broken',
  }));
  for (const s of ref.heuristicSites) {
    sites.push({
      symbol: ref.id,
      site: { file: s.file, line: s.line ?? 1, caller: s.caller },
      reason: `name-only match: may call \`${short(ref.id)}\`, which this change removes`,
      certainty: 'check',
    });
  }
  return sites;
}

function compareBreaking(a: BreakingSite, b: BreakingSite): number {
  if (a.certainty !== b.certainty) return a.certainty === 'broken' ? -1 : 1;
  return a.site.file < b.site.file ? -1 : a.site.file > b.site.file ? 1 : a.site.line - b.site.line || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
}
