// Shared by the PR-shape tests: a real two-commit git repository, digested by the real CLI as JSON
// (its `content` is the markdown digest byte for byte).
import { expect } from 'vitest';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { cli } from '../cli/cliHarness.js';
import { makeRepo } from '../support/testRepo.js';

export interface PackedItem {
  id: string;
  mode: string;
  direction: string;
  startLine: number;
  endLine: number;
}

export interface Digest {
  markdown: string;
  packed: PackedItem[];
  tests: unknown[];
  /** Test modules of the must-run tier. */
  mustRun: string[];
}

/** Base files committed, head files written over them and committed; the digest of that one commit. */
export async function digestOf(base: Record<string, string>, head: Record<string, string>, budget: number): Promise<Digest> {
  const repo = makeRepo();
  repo.write(base);
  repo.commit('base');
  repo.write(head);
  repo.commit('head');
  const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--head', 'HEAD', '--budget', String(budget), '--format', 'json');
  expect(run.code, run.stderr).toBe(0);
  const json = JSON.parse(run.stdout) as { content: string; packed: PackedItem[]; tests: unknown[]; mustRun: { files: string[] } };
  return { markdown: json.content, packed: json.packed, tests: json.tests, mustRun: json.mustRun.files };
}

/** The markdown section that starts with `heading` (up to the next `##` or `###` heading). */
export function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(heading);
  if (start < 0) return '';
  const rest = markdown.slice(start + heading.length);
  const end = rest.search(/\n#{2,3} /);
  return heading + (end < 0 ? rest : rest.slice(0, end));
}

/** The code lines of every fenced block of the digest. */
export function codeLines(markdown: string): string[] {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^`{3,}/.test(line)) inFence = !inFence;
    else if (inFence) out.push(line);
  }
  return out;
}

export function tokens(text: string): number {
  return createTokenCounter('o200k_base').count(text);
}
