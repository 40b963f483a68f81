// collectPrChanges on a folder inside the repository, through git and through the GitHub API fallback.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileAtRevision, runGitDefault } from '../../src/diff/gitDiff.js';
import { collectPrChanges, type PrChanges } from '../../src/diff/prChanges.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';
import { type MonorepoPr, monorepoPr } from '../cli/prScenario.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';
import { githubEntries, pagedListFiles } from './githubEntries.js';

let parser: PythonParser;
let pr: MonorepoPr;
beforeAll(async () => {
  parser = await loadPythonParser();
  pr = monorepoPr();
}, 60_000);
afterAll(removeTempDirs);

const summary = (r: PrChanges) => r.changed.map((c) => `${c.change} ${c.id} ${c.file}:${c.lines[0]}-${c.lines[1]}`);
const EXPECTED = ['modified util.normalize util.py:1-2', 'added util.added_fn util.py:9-10'];
const OUTSIDE_NOTE = '2 changed files lie outside the scanned folder app/ and are not analysed: README.md, lib/tool.py';

describe('collectPrChanges on a subdirectory', () => {
  it('through git: paths and ids relative to the scanned folder, the rest named in one note', async () => {
    const changes = await collectPrChanges(join(pr.repo.dir, 'app'), pr.main, pr.feature, parser);
    expect(summary(changes)).toEqual(EXPECTED);
    expect(changes.files.map((f) => f.path)).toEqual(['util.py']);
    expect(changes).toMatchObject({ scanPrefix: 'app', outside: ['README.md', 'lib/tool.py'], nonPython: [], notes: [OUTSIDE_NOTE] });
  });

  it('through the API on a checkout without .git, given where the folder sits in the repository', async () => {
    const copy = makeTempDir('repodigest-diff-nogit-');
    cpSync(pr.repo.dir, copy, { recursive: true, filter: (src) => !src.startsWith(join(pr.repo.dir, '.git')) });
    const { listFiles } = pagedListFiles(githubEntries(pr.repo, pr.main, pr.feature));
    const readBase = (path: string) => readFileAtRevision(pr.repo.dir, pr.main, path);
    const changes = await collectPrChanges(
      join(copy, 'app'),
      pr.main,
      pr.feature,
      parser,
      { git: { runGit: runGitDefault }, extract: extractFile, apiFallback: { listFiles, readBase } },
      { scanPrefix: 'app' },
    );
    expect(changes.source).toBe('api');
    expect(summary(changes)).toEqual(EXPECTED);
    expect(changes.outside).toEqual(['README.md', 'lib/tool.py']);
    expect(changes.notes[0]).toBe(OUTSIDE_NOTE);
  });
});
