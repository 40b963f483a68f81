// GitHub `diff-entry` objects (the pulls.listFiles response items) built from a real git repository,
// shaped by the schema in @octokit/openapi (its trimmed copy, support/openapi/api.github.com.json).
import { readFileSync } from 'node:fs';
import type { ApiDiffEntry } from '../../src/diff/apiDiff.js';
import type { TestRepo } from '../support/testRepo.js';

const spec = JSON.parse(readFileSync(new URL('../support/openapi/api.github.com.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { required: string[]; properties: Record<string, { enum?: string[] }> }> };
};
export const DIFF_ENTRY_SCHEMA = spec.components.schemas['diff-entry']!;

export type GitHubDiffEntry = ApiDiffEntry & {
  sha: string | null;
  additions: number;
  deletions: number;
  changes: number;
  blob_url: string;
  raw_url: string;
  contents_url: string;
};

const STATUS: Record<string, string> = { A: 'added', D: 'removed', M: 'modified', R: 'renamed', C: 'copied', T: 'changed' };

export function entry(filename: string, status: string, extra: Partial<GitHubDiffEntry> = {}): GitHubDiffEntry {
  const sha = '6dcb09b5b57875f334f61aebed695e2e4193db5e';
  return {
    sha: 'bbcd538c8e72b8c175046e27cc8f907076331401',
    filename,
    status,
    additions: 0,
    deletions: 0,
    changes: 0,
    blob_url: `https://github.com/octocat/Hello-World/blob/${sha}/${encodeURI(filename)}`,
    raw_url: `https://github.com/octocat/Hello-World/raw/${sha}/${encodeURI(filename)}`,
    contents_url: `https://api.github.com/repos/octocat/Hello-World/contents/${encodeURI(filename)}?ref=${sha}`,
    ...extra,
  };
}

/** What listFiles would return for base...head: patches with 3 lines of context, none for binary files. */
export function githubEntries(repo: TestRepo, mergeBase: string, head: string): GitHubDiffEntry[] {
  const nameStatus = repo.git('-c', 'core.quotePath=false', 'diff', '--name-status', '-M', '-z', mergeBase, head).split('\0').filter(Boolean);
  const entries: GitHubDiffEntry[] = [];
  for (let i = 0; i < nameStatus.length; ) {
    const code = nameStatus[i++]!;
    const renamed = code.startsWith('R') || code.startsWith('C');
    const oldPath = renamed ? nameStatus[i++]! : undefined;
    const path = nameStatus[i++]!;
    const paths = oldPath ? [oldPath, path] : [path];
    const [added, deleted] = repo.git('diff', '--numstat', '-M', mergeBase, head, '--', ...paths).split('\t');
    const binary = added === '-';
    const text = repo.git('diff', '-M', '-U3', '--no-color', mergeBase, head, '--', ...paths);
    const at = text.indexOf('\n@@ ');
    const extra: Partial<GitHubDiffEntry> = {
      additions: binary ? 0 : Number(added ?? 0),
      deletions: binary ? 0 : Number(deleted ?? 0),
    };
    extra.changes = (extra.additions ?? 0) + (extra.deletions ?? 0);
    if (!binary && at >= 0) extra.patch = text.slice(at + 1);
    if (oldPath) extra.previous_filename = oldPath;
    entries.push(entry(path, STATUS[code[0]!]!, extra));
  }
  return entries;
}

/** listFiles over fixed entries, 100 per page, recording which pages were asked for. */
export function pagedListFiles(entries: readonly ApiDiffEntry[], perPage = 100) {
  const pages: number[] = [];
  const listFiles = async (page: number) => {
    pages.push(page);
    return entries.slice((page - 1) * perPage, page * perPage);
  };
  return { listFiles, pages };
}
