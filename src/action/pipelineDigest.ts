// produceDigest (runDigest.ts) on the pipeline's own entry points, so the action and the CLI produce
// the same digest for the same range: pr/digest.ts for pull requests, indexRepository +
// packRepository for `query` / `entry`.
//
// Three renderings are delivered: the digest file in `format`, markdown for the comment and job
// summary, and JSON for json-path. Each is its own pack, within the budget on its own (token counts
// differ by format); for a PR the diff and index behind them are built once (preparePr) and packed
// per format (packPr).
//
// The analysis inputs map onto the same options as the CLI's flags: include/exclude, max-file-bytes and
// parameter-flow onto the index (indexOptions, like cli/main.ts indexOptionsFrom), resolution onto every
// pack (packSettings, like cli/commands/pack.ts packSettingsFrom).

import type { RepoIndex, SkippedFile } from '../model.js';
import type { ChangedSymbolRow, DigestFormat } from '../pack/document.js';
import { BudgetTooSmallError, type PackResult } from '../pack/packer.js';
import { indexRepository } from '../pipeline/indexRepository.js';
import { packRepository } from '../pipeline/packRepository.js';
import { indexOptionsOf, packSettingsOf } from '../pipeline/runOptions.js';
import { preparePrPacks } from '../pr/digest.js';
import type { AffectedTests } from '../review/affectedTests.js';
import { pytestCommand } from '../review/pytestCommand.js';
import { redactNames } from '../review/redactNames.js';
import { appendAll } from '../shared/arrays.js';
import { visibleText } from '../shared/visibleText.js';
import { brokenSitesFrom } from '../viewer/brokenSites.js';
import { renderViewer } from '../viewer/generate.js';
import { analysisCache, finishAnalysisCache } from './digestCache.js';
import type { DigestProduct, ProduceDigest } from './runDigest.js';

/** A pytest node id a shell reads as one plain word: path characters, `::`, identifiers. */
export const SHELL_SAFE_NODE_ID = /^[\p{L}\p{N}_./-]+(?:::[\p{L}\p{N}_]+)*$/u;

export const produceDigest: ProduceDigest = async (settings, request, services) => {
  const formats = [...new Set<DigestFormat>([settings.format, 'markdown', 'json'])];
  const index = indexOptionsOf(settings, analysisCache(settings.cache));
  const results = new Map<DigestFormat, PackResult>();
  const warnings: string[] = [];
  let changedSymbols = 0;
  let viewerHtml: string | undefined;
  let tests: string[] = [];
  let testsMustRun: string[] = [];
  let testsJson: string | undefined;
  let breaking: DigestProduct['breaking'];
  let fileNotes: string[] = [];
  let secrets: ReadonlyMap<string, string> | undefined;

  if (request.kind === 'pr') {
    // The diff and the index are built once (only what the digest needs with `on-demand`); only the packing is repeated per format.
    const withViewer = settings.viewer && settings.artifact;
    const { prepared, results: packed } = await preparePrPacks({
      repoDir: settings.path,
      base: request.base,
      head: request.head,
      ...(request.prNumber !== undefined ? { prNumber: request.prNumber } : {}),
      ...(request.title !== undefined ? { title: request.title } : {}),
      index,
      fetchMissing: true,
      ...(services.listPullFiles
        ? { apiFallback: { listFiles: services.listPullFiles, ...(request.changedFiles !== undefined ? { expectedFiles: request.changedFiles } : {}) } }
        : {}),
      ...(settings.onDemand ? {} : { fullIndex: true }),
    }, formats.map((format) => packSettingsOf(settings, format)), { onPrepared: (first) => services.onChanged?.(redactedRows(first.changed, first.index.secrets)), withViewer });
    formats.forEach((format, i) => results.set(format, packed[i]!));
    changedSymbols = prepared.changed.length;
    secrets = prepared.index.secrets;
    // The output is pasted into shell commands (`pytest ${{ steps.x.outputs.tests }}`) and file names
    // come from the PR: only ids made of path and identifier characters are output; the rest are named.
    const ids = prepared.review.tests.tests.map((t) => t.nodeId);
    tests = shellWords(ids, secrets);
    const mustRun = prepared.review.tests.mustRun?.files ?? [];
    testsMustRun = shellWords(mustRun, secrets);
    if (testsMustRun.length < mustRun.length) warnings.push(`${mustRun.length - testsMustRun.length} test files left out of the 'tests-must-run' output: their paths hold characters a shell would interpret or a secret (the 'tests-json' output quotes them).`);
    testsJson = JSON.stringify(testsJsonOf(prepared.review.tests));
    if (tests.length < ids.length) warnings.push(`${ids.length - tests.length} test node ids left out of the 'tests' output: their paths hold characters a shell would interpret or a secret (listed in the JSON digest).`);
    breaking = prepared.review.findings.breaking;
    if (prepared.warning) warnings.push(prepared.warning);
    if (prepared.changes.incomplete) warnings.push(`The list of changes is incomplete: ${prepared.changes.notes.join('; ')}`);
    appendAll(warnings, prepared.index.skippedFiles.map(skipWarning));
    fileNotes = noteLines(prepared.index);
    // graph.html only travels in the artifact: without one there is nowhere to find it.
    if (settings.viewer && settings.artifact) {
      const range = `${(prepared.changes.mergeBase ?? request.base).slice(0, 12)}..${(prepared.changes.head ?? request.head).slice(0, 12)}`;
      viewerHtml = await renderViewer(prepared.index, {
        title: `Impact of ${request.prNumber !== undefined ? `#${request.prNumber} ` : ''}${request.title ?? range}`,
        notes: [`Changed symbols of ${range} with their callers and callees within two hops.`, ...prepared.notes],
        pr: { changed: prepared.changed, broken: brokenSitesFrom(prepared.removedReferences) },
      });
    }
  } else {
    const repo = await indexRepository(settings.path, index);
    secrets = repo.secrets;
    appendAll(warnings, repo.skippedFiles.map(skipWarning));
    fileNotes = noteLines(repo);
    const target = request.kind === 'entry' ? { entry: request.entry } : { query: request.query };
    for (const format of formats) {
      try {
        results.set(format, packRepository(repo, target, packSettingsOf(settings, format)));
      } catch (error) {
        // JSON spends tokens on its own keys (`pack` contract): a budget the chosen format fits may be
        // too small for it. json-path is an extra the user did not choose, so it is left out, said once.
        if (format !== 'json' || settings.format === 'json' || !(error instanceof BudgetTooSmallError)) throw error;
        warnings.push(`json-path left empty: for the JSON digest, ${error.problem} (raise the 'budget' input to get it); the ${settings.format} digest, job summary and comment are complete.`);
      }
    }
  }

  // Counts for the log, untrusted entries as warnings; the folder pruned to this run's entries.
  const cacheReport = finishAnalysisCache(index.cache);
  appendAll(warnings, cacheReport.warnings);
  const document = results.get(settings.format)!;
  const product: DigestProduct = {
    document: document.content,
    markdown: results.get('markdown')!.content,
    ...(results.has('json') ? { json: results.get('json')!.content } : {}),
    totalTokens: document.totalTokens,
    budget: document.budget,
    changedSymbols,
    packedSymbols: document.packed.length,
    skippedSymbols: document.skipped.length - document.insidePacked,
    warnings,
    ...(viewerHtml !== undefined ? { viewerHtml } : {}),
    tests,
    ...(request.kind === 'pr' ? { testsMustRun, ...(testsJson !== undefined ? { testsJson } : {}) } : {}),
    ...(breaking ? { breaking } : {}),
    ...(cacheReport.info.length > 0 ? { cacheLog: cacheReport.info } : {}),
    ...(fileNotes.length > 0 ? { fileNotes } : {}),
  };
  return redactProduct(product, secrets);
};

/** The ids and paths a space-separated output may hold: shell-safe, and naming no secret (redacted, it would name no test). */
function shellWords(words: readonly string[], secrets: ReadonlyMap<string, string> | undefined): string[] {
  return words.filter((w) => SHELL_SAFE_NODE_ID.test(w) && (secrets === undefined || redactNames(w, secrets) === w));
}

/** The `tests-json` output: both tiers with their commands, and what neither reaches. */
function testsJsonOf(tests: AffectedTests): Record<string, unknown> {
  const nodeIds = tests.tests.map((t) => t.nodeId);
  const files = tests.mustRun?.files ?? [];
  return {
    mustRun: { files, command: pytestCommand(files) ?? null, notes: tests.mustRun?.notes ?? [] },
    mostLikely: { nodeIds, command: pytestCommand(nodeIds) ?? null },
    untested: tests.unreached,
  };
}

/** The rows told early (for a digest cut short by the time limit), names redacted: through their JSON, whose syntax the placeholder cannot break. */
function redactedRows(rows: readonly ChangedSymbolRow[], secrets: ReadonlyMap<string, string> | undefined): readonly ChangedSymbolRow[] {
  return secrets === undefined || secrets.size === 0 ? rows : (JSON.parse(redactNames(JSON.stringify(rows), secrets)) as ChangedSymbolRow[]);
}

/** Every text of the product with the names' secrets replaced (the packed documents already are; the viewer, warnings and notes are not). */
function redactProduct(product: DigestProduct, secrets: ReadonlyMap<string, string> | undefined): DigestProduct {
  if (secrets === undefined || secrets.size === 0) return product;
  const clean = (text: string) => redactNames(text, secrets);
  return {
    ...product,
    document: clean(product.document),
    markdown: clean(product.markdown),
    ...(product.json !== undefined ? { json: clean(product.json) } : {}),
    ...(product.viewerHtml !== undefined ? { viewerHtml: clean(product.viewerHtml) } : {}),
    warnings: product.warnings.map(clean),
    ...(product.testsJson !== undefined ? { testsJson: clean(product.testsJson) } : {}),
    ...(product.fileNotes !== undefined ? { fileNotes: product.fileNotes.map(clean) } : {}),
  };
}

// The file layer words its size skip for the CLI ("raise --max-file-bytes"); an Action user sets an
// input instead, so the warning names that. If the wording in files/read.ts changes, this is a no-op
// and __tests__/action/pipelineDigest.test.ts fails on the warning text.
// File names are the PR's text: a newline is already escaped by the runner's command syntax, but an
// ANSI escape or a bidi control would act in the log, so both lines go through visibleText (as the CLI's stderr).
function skipWarning(skipped: SkippedFile): string {
  return `Skipped ${visibleText(skipped.path)}: ${visibleText(skipped.reason.replace('--max-file-bytes', "the 'max-file-bytes' input"))}`;
}

/** The CLI's `note <file>: <note>` lines (cli/main.ts reportScan), for the runner log. */
function noteLines(index: RepoIndex): string[] {
  return index.files.flatMap((file) => file.notes.map((note) => `note ${visibleText(file.path)}: ${visibleText(note)}`));
}

