// Every git process is a fixed cost of a PR digest (spawning one costs the CLI several ms of CPU and
// about 10 ms of wall time, whatever the repository's size), so a run asks each question once and
// bundles what one process can answer: the real CLI, with a `git` on PATH that logs each process and
// runs the real one.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cli, repoOverTwoCommits } from '../cli/cliHarness.js';
import { makeRepo, makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

/** Runs `run` with a logging `git` first on PATH; the git subcommands it ran, in order. */
async function gitProcessesOf(run: () => Promise<unknown>): Promise<string[]> {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = makeTempDir('repodigest-gitlog-');
  const log = join(bin, 'log');
  writeFileSync(log, '');
  // The subcommand is the first argument after the `-c name=value` pairs.
  writeFileSync(
    join(bin, 'git'),
    `#!/bin/sh\nfor a in "$@"; do case "$a" in -c) skip=1 ;; *) if [ -n "$skip" ]; then skip=; else printf '%s\\n' "$a" >> '${log}'; break; fi ;; esac; done\nexec '${realGit}' "$@"\n`,
  );
  chmodSync(join(bin, 'git'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path ?? ''}`;
  try {
    await run();
  } finally {
    process.env.PATH = path;
  }
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

test("a PR digest's git processes: one rev-parse, one read of both sides' files", async () => {
  const repo = repoOverTwoCommits(
    {
      'shop/prices.py': 'def total(items):\n    return sum(items)\n',
      'shop/cart.py': 'from shop.prices import total\n\n\ndef checkout(items):\n    return total(items)\n',
    },
    { 'shop/prices.py': 'def total(items, tax=0):\n    return sum(items) + tax\n', 'shop/new.py': 'def added():\n    return 1\n' },
  );

  let run: Awaited<ReturnType<typeof cli>> | undefined;
  const asked = await gitProcessesOf(async () => (run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--no-cache', '--budget', '3000')));
  expect(run?.code, run?.stderr).toBe(0);
  expect(run?.stdout).toContain('def total(items, tax=0):');
  // The work tree check, top level, both revisions and HEAD: one rev-parse. Base and head files: one
  // cat-file. Then the work tree's state (status) and head's stub files (ls-tree; none, so nothing read).
  expect([...asked].sort()).toEqual(['cat-file', 'diff', 'ls-tree', 'merge-base', 'rev-parse', 'status']);
  // The work tree's status is asked first, to run beside the diff: it is there long before the files are read.
  expect(asked.indexOf('status')).toBeLessThan(asked.indexOf('cat-file'));
});

test('a scan root in a subfolder and a work tree off head: still one rev-parse, and the warning names both commits', async () => {
  const repo = makeRepo();
  repo.write({ 'app/core.py': 'def run():\n    return 1\n' });
  repo.commit('base');
  repo.write({ 'app/core.py': 'def run():\n    return 2\n' });
  const head = repo.commit('head');
  repo.write({ 'app/core.py': 'def run():\n    return 3\n' });
  const later = repo.commit('later');

  let run: Awaited<ReturnType<typeof cli>> | undefined;
  const asked = await gitProcessesOf(async () => (run = await cli('pr', join(repo.dir, 'app'), '--base', 'HEAD~2', '--head', head, '--no-cache')));
  expect(run?.code, run?.stderr).toBe(0);
  expect(run?.stderr).toContain(`the working tree is at ${later.slice(0, 7)}, not at head '${head}' (${head.slice(0, 7)})`);
  // Symbols are named from the scan root: the prefix came from the same rev-parse.
  expect(run?.stdout).toContain('core.run');
  expect(asked.filter((c) => c === 'rev-parse')).toHaveLength(1);
});
