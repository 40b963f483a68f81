// The job summary: the digest markdown, cut to GitHub's 1 MiB per-step limit the same way the comment
// is cut (whole symbols, never inside a fence), and written through core.summary, which appends to
// the GITHUB_STEP_SUMMARY file. Measured in UTF-8 bytes, the unit of that limit.
import * as core from '@actions/core';
import { buildCommentBody } from '../render/comment.js';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024;

export interface SummaryDeps {
  env: NodeJS.ProcessEnv;
  write: (markdown: string) => Promise<void>;
}

const defaultDeps: SummaryDeps = {
  env: process.env,
  write: async (markdown) => {
    await core.summary.addRaw(markdown, true).write();
  },
};

/**
 * The summary text for a digest, neutralised as the comment is: unchanged when it fits, else trimmed
 * with a note. `fullDigestHint` and `trailer` are the caller's own markdown (render/comment.ts).
 */
export function summaryText(markdown: string, fullDigestHint: string, limitBytes = SUMMARY_LIMIT_BYTES, trailer = ''): { text: string; trimmed: boolean } {
  // Leave room for the newline addRaw appends.
  const { body, trimmed } = buildCommentBody(markdown, {
    marker: '',
    maxLength: limitBytes - 1,
    fullDigestHint,
    trailer,
    measure: (s) => Buffer.byteLength(s, 'utf8'),
  });
  return { text: body, trimmed };
}

/** Writes the job summary; returns false (nothing written) when GITHUB_STEP_SUMMARY is not set. */
export async function writeJobSummary(markdown: string, fullDigestHint: string, trailer = '', deps: SummaryDeps = defaultDeps): Promise<boolean> {
  if (!deps.env['GITHUB_STEP_SUMMARY']) return false;
  await deps.write(summaryText(markdown, fullDigestHint, SUMMARY_LIMIT_BYTES, trailer).text);
  return true;
}
