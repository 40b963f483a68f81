// The rounds of an on-demand PR digest (onDemandRounds.ts) prepare the digest several times over one
// diff: the symbols' diffs and the review read the same git objects and extract the same base and
// head versions of the changed files every round. Within one run git's answers cannot change (the
// commands are reads), so each distinct command and each distinct (path, text) extraction is done
// once and shared by every round.

import type { GitResult, GitRunner } from '../diff/gitDiff.js';
import type { FileRecord } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';
import type { PrSetup } from './setup.js';

/** `setup` with git and extraction answered once per distinct question. */
export function memoisedRounds(setup: PrSetup): PrSetup {
  const git = new Map<string, Promise<GitResult>>();
  const runGit: GitRunner = (args, cwd, input) => {
    const key = JSON.stringify([cwd, args, input === undefined ? null : Buffer.from(input).toString('base64')]);
    let answer = git.get(key);
    if (!answer) {
      answer = setup.git.runGit(args, cwd, input);
      git.set(key, answer);
      // A command that failed is asked again next time, as it would have been without the memo.
      const forget = () => git.delete(key);
      answer.then((result) => (result.code === 0 ? undefined : forget()), forget);
    }
    return answer;
  };
  const records = new Map<string, FileRecord>();
  const extract = (parser: PythonParser, path: string, text: string): FileRecord => {
    const key = `${path}\0${text}`;
    let record = records.get(key);
    if (!record) records.set(key, (record = setup.extract(parser, path, text)));
    // Callers may rewrite what they get (ids, texts): each gets its own copy.
    return structuredClone(record);
  };
  return { ...setup, git: { runGit }, extract };
}
