// Entry of the action bundle (dist/index.js): settings -> digest -> publish. The only place that
// fails the step: every error, expected or not, ends here as one core.setFailed line (the stack is
// printed only with ACTIONS_STEP_DEBUG, through core.debug).
//
// Two ways in: the normal run produces a digest with the pipeline; `post-digest` instead posts a digest
// file made earlier (the second half of the fork-safe two-workflow pattern), with no analysis at all.

import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as core from '@actions/core';
import { failureFor, GATE_EXIT_CODE } from '../review/failOn.js';
import { preferLateTierUp } from '../shared/lateTierUp.js';
import { plural } from '../shared/plural.js';
import { preferSmallHeap } from '../shared/smallHeap.js';
import { analyseWithin, isAnalysisWorker, runAnalysisWorker } from './analysis.js';
import { restoreDigestCache, saveDigestCache } from './digestCache.js';
import { readEvent } from './event.js';
import { partialDigest } from './partialDigest.js';
import { type Delivery, publish, writeDigestFiles } from './publish.js';
import { digestRequest } from './runDigest.js';
import { readSettings, type Settings } from './settings.js';

async function run(env: NodeJS.ProcessEnv): Promise<void> {
  try {
    const settings = readSettings({ getInput: (name) => core.getInput(name), workspace: env['GITHUB_WORKSPACE'] || process.cwd() });
    const event = readEvent({ env, readFile: (p) => readFileSync(p, 'utf8') });
    const delivery = settings.postDigest !== '' ? existingDigest(settings, event) : await freshDigest(settings, event, env);
    // `fail-on: breaking`: the digest is delivered first (with the `gate` output), then the step fails
    // naming the sites, with exit code 3 as the CLI's gate, apart from a failure to run (1).
    // No review (a digest cut short by the time limit, a posted file): the gate has no verdict.
    const breaking = delivery.totals.breaking;
    const failure = failureFor(settings.failOn, breaking ?? []);
    await publish(settings, event, delivery, env, settings.failOn === 'none' || breaking === undefined ? '' : failure ? 'failed' : 'passed');
    if (failure) {
      core.setFailed(failure);
      process.exitCode = GATE_EXIT_CODE;
    }
  } catch (error) {
    core.debug((error as Error).stack ?? String(error));
    core.setFailed(failureMessage(error));
  }
}

/** One line: the message, and the remedy when the error carries one (RepoDigestError). */
function failureMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // A RepoDigestError's message already ends with its remedy (shared/errors.ts).
  return error.message.replace(/\s+/g, ' ').trim();
}

async function freshDigest(settings: Readonly<Settings>, event: ReturnType<typeof readEvent>, env: NodeJS.ProcessEnv): Promise<Delivery> {
  const request = digestRequest(settings, event);
  // Restored before the analysis, saved after it, also when the time limit cut it short (action/digestCache.ts).
  const restored = settings.cache ? await restoreDigestCache(cacheScope(settings, request, event, env), coreLog) : undefined;
  const outcome = await analyseWithin(settings, request, event, settings.timeoutMinutes * 60_000, (line) => core.info(line));
  if (restored) await saveDigestCache(restored, coreLog);
  const product = outcome.kind === 'done' ? outcome.product : partialDigest(settings, outcome.changed, request.kind === 'pr' ? request.prNumber : undefined);
  for (const warning of product.warnings) core.warning(warning);
  for (const line of product.cacheLog ?? []) core.info(line);
  for (const line of product.fileNotes ?? []) core.info(line);
  core.info(`Digest: ${product.totalTokens} of ${product.budget} tokens, ${plural(product.packedSymbols, 'symbol')} packed, ${product.skippedSymbols} skipped.`);
  return writeDigestFiles(settings, product, join(env['RUNNER_TEMP'] || tmpdir(), 'repodigest'));
}

const coreLog = { info: (line: string) => core.info(line), warning: (line: string) => core.warning(line) };

/** The commit the cache is saved under (head) and the one whose cache a first run starts from (base). */
function cacheScope(settings: Readonly<Settings>, request: ReturnType<typeof digestRequest>, event: ReturnType<typeof readEvent>, env: NodeJS.ProcessEnv) {
  const head = event.headSha ?? env['GITHUB_SHA'] ?? (request.kind === 'pr' ? request.head : 'HEAD');
  const base = event.baseSha ?? (request.kind === 'pr' ? request.base : undefined);
  return { scanPath: settings.path, head, base };
}

function existingDigest(settings: Readonly<Settings>, event: ReturnType<typeof readEvent>): Delivery {
  const path = settings.postDigest;
  if (!existsSync(path)) throw new Error(`Invalid input 'post-digest': '${path}'. Expected an existing digest file.`);
  const json = join(dirname(path), 'digest.json');
  const hasJson = existsSync(json) && json !== path;
  return {
    markdown: readFileSync(path, 'utf8'),
    digestPath: path,
    jsonPath: hasJson ? json : '',
    artifactFiles: hasJson ? [path, json] : [path],
    totals: {},
    ...(event.name === 'workflow_run' && event.headSha ? { requireHeadSha: event.headSha } : {}),
  };
}

// The same bundle is the analysis worker (action/analysis.ts): it runs its job, not the action.
// Memory policies (shared/smallHeap.ts) in both isolates: in the action's own before the worker is made,
// so the old generation's growth policy applies to the worker's heap in full; in the worker, which
// analyses, to steer its nursery. The compiler's thresholds (shared/lateTierUp.ts) are process-wide:
// set once, before the worker is made.
preferSmallHeap();
if (isAnalysisWorker()) await runAnalysisWorker();
else {
  preferLateTierUp();
  await run(process.env);
}
