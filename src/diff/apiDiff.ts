// Changed files from GitHub's REST API (`pulls.listFiles`), the fallback when local git cannot answer.
// Pure over an injected page fetcher; the action supplies the Octokit call.
//
// Decisions:
// - GitHub lists at most 3000 files per PR and omits `patch` for large or binary diffs. Both make the
//   answer incomplete; we say so (with reasons) instead of guessing. A Python file modified without a
//   patch is marked `linesUnknown`, so changedSymbols treats every line of it as changed.
// - Statuses map onto git's four: `copied` is a new file (added, oldPath kept), `changed` (mode/type
//   only) and `unchanged` are modified files with no changed lines.
// - A rename is split into the old file removed and the new one added, as the git path does with
//   --no-renames (why: gitDiff.ts). Should the old name also be listed on its own (a new file took it),
//   that entry wins.
import { compareStrings, type FileChange, isPythonPath, parsePatchHunks } from './hunks.js';

/** The fields of GitHub's `diff-entry` schema that we read. */
export interface ApiDiffEntry {
  filename: string;
  status: string;
  previous_filename?: string;
  patch?: string;
  changes?: number;
}

export type ListFilesPage = (page: number) => Promise<readonly ApiDiffEntry[]>;

export const API_PER_PAGE = 100;
/** GitHub's documented cap on files listed for one pull request. */
export const API_MAX_FILES = 3000;

export interface ApiDiffResult {
  files: FileChange[];
  incomplete: boolean;
  reasons: string[];
}

export interface ApiDiffOptions {
  /** `pull_request.changed_files` from the event payload, when known: detects a truncated listing. */
  expectedFiles?: number;
}

/** Fetch every page (per_page 100, stopping at the first short page or at GitHub's cap). */
export async function listAllApiFiles(listFiles: ListFilesPage): Promise<ApiDiffEntry[]> {
  const all: ApiDiffEntry[] = [];
  for (let page = 1; page <= API_MAX_FILES / API_PER_PAGE; page++) {
    const entries = await listFiles(page);
    all.push(...entries);
    if (entries.length < API_PER_PAGE) break;
  }
  return all;
}

export function convertApiEntry(entry: ApiDiffEntry): { change: FileChange; missingPatch: boolean } {
  const status = entry.status;
  const base: FileChange = {
    status: status === 'added' || status === 'copied' ? 'added' : status === 'removed' ? 'removed' : status === 'renamed' ? 'renamed' : 'modified',
    path: entry.filename,
    isPython: isPythonPath(entry.filename),
    oldLines: [],
    newLines: [],
  };
  if (entry.previous_filename !== undefined && entry.previous_filename !== entry.filename) {
    base.oldPath = entry.previous_filename;
    if (status === 'unchanged') base.status = 'renamed';
  }
  if (entry.patch !== undefined) {
    const lines = parsePatchHunks(entry.patch);
    base.oldLines = lines.oldLines;
    base.newLines = lines.newLines;
    if (lines.blankOldLines.length > 0) base.blankOldLines = lines.blankOldLines;
    if (lines.blankNewLines.length > 0) base.blankNewLines = lines.blankNewLines;
    return { change: base, missingPatch: false };
  }
  // No patch: fine when nothing changed inside the file (pure rename, mode change) or the whole file
  // is new or gone; otherwise the changed lines are unknown.
  const hasEdits = (entry.changes ?? 1) > 0 && (base.status === 'modified' || base.status === 'renamed') && status !== 'changed' && status !== 'unchanged';
  if (hasEdits) base.linesUnknown = true;
  return { change: base, missingPatch: hasEdits };
}

/** The PR's changed files from the API, in the same shape the git path produces. */
export async function diffFromApi(listFiles: ListFilesPage, options: ApiDiffOptions = {}): Promise<ApiDiffResult> {
  const entries = await listAllApiFiles(listFiles);
  const reasons: string[] = [];
  const files: FileChange[] = [];
  const seen = new Set<string>();
  const noPatch: string[] = [];
  const renamedFrom: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.filename)) continue; // Pages can shift while a PR is pushed to; keep the first.
    seen.add(entry.filename);
    const { change, missingPatch } = convertApiEntry(entry);
    if (change.status === 'renamed' && change.oldPath !== undefined) {
      renamedFrom.push(change.oldPath);
      files.push({ status: 'added', path: change.path, isPython: change.isPython, oldLines: [], newLines: [] });
      continue;
    }
    if (missingPatch && change.isPython) noPatch.push(change.path);
    files.push(change);
  }
  for (const oldPath of renamedFrom) {
    if (seen.has(oldPath)) continue;
    seen.add(oldPath);
    files.push({ status: 'removed', path: oldPath, isPython: isPythonPath(oldPath), oldLines: [], newLines: [] });
  }
  if (entries.length >= API_MAX_FILES) {
    reasons.push(`GitHub lists at most ${API_MAX_FILES} files of a pull request; files beyond that are not analysed`);
  } else if (options.expectedFiles !== undefined && files.length < options.expectedFiles) {
    reasons.push(`GitHub listed ${files.length} of ${options.expectedFiles} changed files`);
  }
  if (noPatch.length > 0) {
    noPatch.sort(compareStrings);
    reasons.push(`GitHub sent no patch (diff too large) for ${noPatch.length} Python file(s), so every symbol in them counts as changed: ${noPatch.join(', ')}`);
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  return { files, incomplete: reasons.length > 0, reasons };
}
