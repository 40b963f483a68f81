// A PR digest asks git the same questions and extracts the same versions of the changed files several
// times in one run: the diff, the symbols' diffs and the review each read the base and head blobs and
// extract them, and an on-demand digest (onDemandRounds.ts) prepares the digest once per round on top.
// Within one run git's answers cannot change (the commands are reads), so each distinct command and
// each distinct (path, text) extraction is done once and shared.

import { copyRecord } from '../cache/lazyFacts.js';
import type { GitDeps, GitResult, GitRunner } from '../diff/gitDiff.js';
import type { FileRecord } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';

export type Extract = (parser: PythonParser, path: string, text: string) => FileRecord;

/** `git` with each distinct command run once; a command that failed is asked again next time, as it would have been without the memo. */
export function memoisedGit(git: GitDeps): GitDeps {
  const answers = new Map<string, Promise<GitResult>>();
  const runGit: GitRunner = (args, cwd, input) => {
    const key = JSON.stringify([cwd, args, input === undefined ? null : Buffer.from(input).toString('base64')]);
    let answer = answers.get(key);
    if (!answer) {
      answer = git.runGit(args, cwd, input);
      answers.set(key, answer);
      const forget = () => answers.delete(key);
      answer.then((result) => (result.code === 0 ? undefined : forget()), forget);
    }
    return answer;
  };
  return { runGit };
}

/** An Extract that also answers, without extracting, for what it has extracted already. */
export type MemoExtract = Extract & {
  /** A copy of the record of (path, text) when this memo has extracted it, else undefined. */
  recall: (path: string, text: string) => FileRecord | undefined;
};

/** `extract` run once per distinct (path, text). */
export function memoisedExtract(extract: Extract): MemoExtract {
  const records = new Map<string, FileRecord>();
  const keyOf = (path: string, text: string) => `${path}\0${text}`;
  const memo: Extract = (parser, path, text) => {
    const key = keyOf(path, text);
    let record = records.get(key);
    if (!record) records.set(key, (record = extract(parser, path, text)));
    // Callers may rewrite what they get (ids, texts): each gets its own copy, whose facts a cache
    // entry has not decoded yet stay so until that copy reads them.
    return copyRecord(record);
  };
  const recall = (path: string, text: string): FileRecord | undefined => {
    const record = records.get(keyOf(path, text));
    return record === undefined ? undefined : copyRecord(record);
  };
  return Object.assign(memo, { recall });
}
