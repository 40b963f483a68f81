// Delivery of a finished digest: files -> artifact -> job summary -> comment -> outputs.
//
// The artifact goes first so the comment's trim note can link straight to it. Each channel fails
// soft where GitHub's own limits or permissions are the cause (fork PRs get a read-only token, GHES
// has no artifact service): a warning, and the others still happen. Anything else is a real error and
// propagates to main.ts, the one place that fails the step.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@actions/core';
import { buildCommentBody } from '../render/comment.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';
import { type ArtifactResult, uploadDigestArtifact } from './artifact.js';
import { type CommentResult, runKeyFromEnv, runKeyLine, stickyMarker, upsertStickyComment } from './comment.js';
import type { EventInfo } from './event.js';
import { createOctokit, type Octokit } from './octokit.js';
import { type ActionOutputs, setOutputs } from './outputs.js';
import type { DigestProduct } from './runDigest.js';
import type { Settings } from './settings.js';
import { writeJobSummary } from './summary.js';

export interface Delivery {
  /** Markdown for the comment and summary. */
  markdown: string;
  digestPath: string;
  jsonPath: string;
  /** Files to upload as the artifact (absolute, one directory). */
  artifactFiles: string[];
  /** graph.html, the interactive viewer of the PR's impact, when written (input `viewer`). */
  viewerPath?: string;
  totals: Partial<Pick<DigestProduct, 'totalTokens' | 'budget' | 'changedSymbols' | 'packedSymbols' | 'skippedSymbols' | 'tests' | 'testsMustRun' | 'testsJson' | 'breaking'>>;
  /**
   * Post only if the PR's head is this commit. Set for `post-digest` under `workflow_run`: there the PR
   * number arrives through an artifact the PR's own run produced (a fork can edit that workflow), so
   * it is checked against the commit GitHub says the run built before anything is posted.
   */
  requireHeadSha?: string;
}

const EXTENSIONS = { markdown: 'md', xml: 'xml', json: 'json' } as const;

/** Writes the digest files into `outDir`; returns where they went. */
export function writeDigestFiles(settings: Readonly<Settings>, product: DigestProduct, outDir: string): Delivery {
  mkdirSync(outDir, { recursive: true });
  const digestPath = join(outDir, `digest.${EXTENSIONS[settings.format]}`);
  const jsonPath = product.json === undefined ? '' : join(outDir, 'digest.json');
  writeFileSync(digestPath, product.document);
  if (product.json !== undefined && jsonPath !== digestPath) writeFileSync(jsonPath, product.json);
  const viewerPath = product.viewerHtml !== undefined ? join(outDir, 'graph.html') : undefined;
  if (viewerPath !== undefined) writeFileSync(viewerPath, product.viewerHtml!);
  return {
    markdown: product.markdown,
    digestPath,
    jsonPath,
    artifactFiles: [...new Set([digestPath, ...(jsonPath !== '' ? [jsonPath] : []), ...(viewerPath !== undefined ? [viewerPath] : [])])],
    totals: product,
    ...(viewerPath !== undefined ? { viewerPath } : {}),
  };
}

/** `gate` is the `fail-on` verdict, set as an output before the step fails on it (action/main.ts). */
export async function publish(settings: Readonly<Settings>, event: EventInfo, delivery: Delivery, env: NodeJS.ProcessEnv, gate: ActionOutputs['gate'] = ''): Promise<ActionOutputs> {
  const runUrl = workflowRunUrl(env, event);
  let artifact: ArtifactResult | undefined;
  if (settings.artifact) {
    try {
      artifact = await uploadDigestArtifact(settings.artifactName, delivery.artifactFiles);
      if (artifact.status === 'skipped') core.warning(`Artifact upload skipped: ${artifact.reason}.`);
    } catch (error) {
      // The digest itself is fine: it still goes to the summary, the comment and the outputs.
      artifact = { status: 'skipped', reason: (error as Error).message };
      core.warning(`${oneLine(artifact.reason)} The digest is still in the job summary, the comment and digest-path.`);
    }
    if (artifact.status === 'uploaded') core.info(`Uploaded artifact '${settings.artifactName}' (id ${artifact.id}, ${artifact.size} bytes).`);
  }
  // The hint and the viewer note are our own markdown, with links to this run: they are added after
  // the digest is neutralised (render/comment.ts), which would break their links.
  const hint = fullDigestHint(settings, artifact, runUrl);
  // The viewer is announced under the digest in the summary and the comment (viewerNote).
  const trailer = delivery.viewerPath !== undefined ? viewerNote(settings, artifact, runUrl) : '';
  if (await writeJobSummary(delivery.markdown, hint, trailer)) core.info('Job summary written.');

  const comment = await deliverComment(settings, event, delivery, { hint, trailer }, env);

  const outputs: ActionOutputs = {
    digestPath: delivery.digestPath,
    jsonPath: delivery.jsonPath,
    totalTokens: delivery.totals.totalTokens,
    budget: delivery.totals.budget,
    changedSymbols: delivery.totals.changedSymbols,
    packedSymbols: delivery.totals.packedSymbols,
    skippedSymbols: delivery.totals.skippedSymbols,
    commentId: comment && comment.status !== 'forbidden' ? comment.id : undefined,
    commentUrl: comment && comment.status !== 'forbidden' ? comment.url : undefined,
    artifactId: artifact?.status === 'uploaded' ? artifact.id : undefined,
    tests: (delivery.totals.tests ?? []).join(' '),
    testsMustRun: (delivery.totals.testsMustRun ?? []).join(' '),
    testsJson: delivery.totals.testsJson ?? '',
    gate,
  };
  setOutputs(outputs);
  return outputs;
}

/** The sticky comment, when there is a PR to put it on; undefined when skipped (with the reason logged). */
async function deliverComment(
  settings: Readonly<Settings>,
  event: EventInfo,
  delivery: Delivery,
  own: { hint: string; trailer: string },
  env: NodeJS.ProcessEnv,
): Promise<CommentResult | undefined> {
  const prNumber = settings.prNumber ?? event.prNumber;
  if (!settings.comment) {
    core.info('Comment disabled (comment: false).');
    return undefined;
  }
  if (prNumber === undefined) {
    core.info(`No pull request to comment on for a '${event.name || 'local'}' event: set 'pr-number' to comment.`);
    return undefined;
  }
  if (settings.githubToken === '') {
    core.warning("No 'github-token': the PR comment was skipped.");
    return undefined;
  }
  const marker = stickyMarker(settings.commentKey);
  // The marker, then the run key that orders concurrent runs (action/comment.ts): both trusted, ours.
  const head = `${marker}\n${runKeyLine(runKeyFromEnv(env))}`;
  const { body, trimmed, omittedSymbols } = buildCommentBody(delivery.markdown, { marker: head, maxLength: settings.maxCommentChars, fullDigestHint: own.hint, trailer: own.trailer });
  if (trimmed) core.info(`Comment trimmed to ${body.length} characters (${plural(omittedSymbols, 'symbol')} left out).`);
  const octokit = createOctokit(settings.githubToken, env, { log: (line) => core.info(line) });
  const mismatch = delivery.requireHeadSha ? await headMismatch(octokit, event, prNumber, delivery.requireHeadSha) : undefined;
  if (mismatch) {
    core.warning(`Not commenting on PR #${prNumber}: ${mismatch}`);
    return undefined;
  }
  const comment = await upsertStickyComment(octokit, { owner: event.owner, repo: event.repo, issueNumber: prNumber }, marker, body);
  if (comment.status === 'forbidden') {
    const why = event.isFork
      ? 'this PR comes from a fork, and on pull_request events its token is read-only'
      : "the token may not write to pull requests (permissions: pull-requests: write)";
    core.warning(`Could not comment on PR #${prNumber}: ${why}; the summary and artifact still have the digest (for forks, see the two-workflow pattern with 'post-digest'). ${comment.message}`);
  } else if (comment.status === 'superseded') {
    core.info(`Comment left as is: a newer run's digest is already in ${comment.url}`);
  } else {
    core.info(`Comment ${comment.status}: ${comment.url}`);
  }
  if (comment.status !== 'forbidden' && comment.removedDuplicates > 0) {
    core.info(`Removed ${plural(comment.removedDuplicates, 'duplicate comment')} left by a concurrent run.`);
  }
  return comment;
}

async function headMismatch(octokit: Octokit, event: EventInfo, prNumber: number, expected: string): Promise<string | undefined> {
  try {
    const { data } = await octokit.rest.pulls.get({ owner: event.owner, repo: event.repo, pull_number: prNumber });
    if (data.head.sha === expected) return undefined;
    return `its head is ${data.head.sha.slice(0, 12)}, but the digest was made for ${expected.slice(0, 12)} (a newer push, or a pr-number that does not belong to this run).`;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return `no pull request #${prNumber} in ${event.owner}/${event.repo}.`;
    throw error;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function workflowRunUrl(env: NodeJS.ProcessEnv, event: EventInfo): string | undefined {
  const runId = env['GITHUB_RUN_ID'];
  if (!runId || !event.owner || !event.repo) return undefined;
  const server = (env['GITHUB_SERVER_URL'] || 'https://github.com').replace(/\/+$/, '');
  return `${server}/${event.owner}/${event.repo}/actions/runs/${runId}`;
}

function fullDigestHint(settings: Readonly<Settings>, artifact: ArtifactResult | undefined, runUrl: string | undefined): string {
  const name = codeSpan(settings.artifactName);
  if (artifact?.status === 'uploaded') {
    return runUrl ? `the [${name} artifact](${runUrl}/artifacts/${artifact.id}) of this run` : `the ${name} artifact of this run`;
  }
  return runUrl ? `the [job summary and log of this run](${runUrl})` : 'the job summary of this run';
}

/** Where graph.html is: in the uploaded artifact (linked when the run's URL is known), else only on the runner. */
export function viewerNote(settings: Readonly<Settings>, artifact: ArtifactResult | undefined, runUrl: string | undefined): string {
  const name = codeSpan(settings.artifactName);
  if (artifact?.status === 'uploaded') {
    const where = runUrl ? `the [${name} artifact](${runUrl}/artifacts/${artifact.id})` : `the ${name} artifact`;
    return `\n\n**Interactive call graph:** \`graph.html\` in ${where} of this run (download, unzip, open it in a browser; it works offline).\n`;
  }
  return `\n\n**Interactive call graph:** \`graph.html\` was written on the runner but not uploaded (the artifact was skipped).\n`;
}
