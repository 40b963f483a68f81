// The analysis runs in a worker thread so that the time limit (input `timeout-minutes`) can stop it:
// parsing, resolution and token counting are synchronous, and a timer on the main thread cannot
// interrupt them. The worker is the action bundle itself (dist/index.js), started with a job in its
// workerData; main.ts sees the job and runs it instead of the action. It reports the changed symbols
// as soon as they are known, so a run cut short can still post them (action/partialDigest.ts).
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ChangedSymbolRow } from '../pack/document.js';
import { machineMemoryBytes, workerHeapMb, workerOutOfHeapError } from '../shared/heapGuard.js';
import type { EventInfo } from './event.js';
import { createOctokit, pullFilesLister } from './octokit.js';
import { produceDigest } from './pipelineDigest.js';
import type { DigestProduct, DigestRequest, DigestServices } from './runDigest.js';
import type { Settings } from './settings.js';

const JOB = 'repodigestAnalysisJob';

interface AnalysisJob {
  settings: Settings;
  request: DigestRequest;
  owner: string;
  repo: string;
}

type WorkerMessage =
  | { kind: 'changed'; changed: ChangedSymbolRow[] }
  | { kind: 'log'; line: string }
  | { kind: 'done'; product: DigestProduct }
  | { kind: 'failed'; message: string; stack: string };

export type AnalysisOutcome = { kind: 'done'; product: DigestProduct } | { kind: 'timedOut'; changed: ChangedSymbolRow[] | undefined };

/** Runs the analysis for at most `limitMs`; on time out the worker is stopped and what it had said is returned. */
export function analyseWithin(settings: Readonly<Settings>, request: DigestRequest, event: EventInfo, limitMs: number, log: (line: string) => void): Promise<AnalysisOutcome> {
  const job: AnalysisJob = { settings: { ...settings }, request, owner: event.owner, repo: event.repo };
  return new Promise((resolve, reject) => {
    // A heap limit of its own (shared/heapGuard.ts): V8's default does not follow the runner's memory, and a
    // worker past its limit is ended alone, reported as one line, where the process would abort.
    const machine = machineMemoryBytes();
    const heapMb = workerHeapMb(machine, getHeapStatistics().heap_size_limit);
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { [JOB]: job }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let changed: ChangedSymbolRow[] | undefined;
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => {
      settle(() => resolve({ kind: 'timedOut', changed }));
      void worker.terminate();
    }, limitMs);
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'changed') changed = message.changed;
      else if (message.kind === 'log') log(message.line);
      else if (message.kind === 'done') settle(() => resolve({ kind: 'done', product: message.product }));
      else {
        const error = new Error(message.message);
        error.stack = message.stack;
        settle(() => reject(error));
      }
    });
    worker.on('error', (error: NodeJS.ErrnoException) => settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? workerOutOfHeapError(heapMb, machine) : error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`The analysis stopped unexpectedly (worker exit code ${code}).`))));
  });
}

/** True inside the analysis worker: main.ts then runs the job instead of the action. */
export function isAnalysisWorker(): boolean {
  return !isMainThread && (workerData as Record<string, unknown> | null)?.[JOB] !== undefined;
}

export async function runAnalysisWorker(): Promise<void> {
  const job = (workerData as Record<string, AnalysisJob>)[JOB]!;
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker_threads port, not window.postMessage
  const post = (message: WorkerMessage): void => parentPort!.postMessage(message);
  const services: DigestServices = { onChanged: (changed) => post({ kind: 'changed', changed: [...changed] }) };
  const { settings, request } = job;
  if (request.kind === 'pr' && request.prNumber !== undefined && settings.githubToken !== '' && job.owner && job.repo) {
    const octokit = createOctokit(settings.githubToken, process.env, { log: (line) => post({ kind: 'log', line }) });
    services.listPullFiles = pullFilesLister(octokit, job.owner, job.repo, request.prNumber);
  }
  try {
    post({ kind: 'done', product: await produceDigest(settings, request, services) });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    post({ kind: 'failed', message: e.message, stack: e.stack ?? e.message });
  }
}
