// The fuzzer's hang, found: tree-sitter's error recovery is quadratic in the length of one line full
// of error tokens (seed 20261202, case 22,367: a 265,000-character line of `â€®` in an unterminated
// string, 163 s CPU). treeSitter.ts cancels a parse that runs past the per-file time limit and the file
// is skipped with its reason. The limit is lowered here through REPODIGEST_PARSE_TIME_LIMIT_MS so the
// test stays short; the hostile line takes about 0.5 s of CPU to parse, ten times the lowered limit.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { packPr } from '../../src/pr/packPr.js';
import { preparePr } from '../../src/pr/prepare.js';
import { loadPythonParser, ParseTimeLimitError } from '../../src/python/treeSitter.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';

/** The fuzz case's shape: an unterminated string of cp1252-decoded U+202E bytes on one long line. */
const HOSTILE = `x = "${'â€®'.repeat(6_000)}\n`;
const PLAIN = 'def helper(x):\n    return x + 1\n\n\ndef main():\n    return helper(2)\n';

describe('per-file parse time limit', () => {
  afterEach(() => {
    delete process.env.REPODIGEST_PARSE_TIME_LIMIT_MS;
  });

  it('skips a file whose parse runs past the limit, with its reason, and parses the files after it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rd-parse-limit-'));
    writeFileSync(join(root, 'a_hostile.py'), HOSTILE);
    writeFileSync(join(root, 'b_plain.py'), PLAIN);
    process.env.REPODIGEST_PARSE_TIME_LIMIT_MS = '50';
    const index = await indexRepository(root, { redact: false });
    expect(index.skippedFiles).toEqual([
      { path: 'a_hostile.py', reason: 'could not be analysed: tree-sitter did not finish within 0.05 s of CPU time (error recovery on a very long line); file skipped' },
    ]);
    // The cancelled parse must not leak into the next file's (the parser is reset).
    expect(index.symbols.map((s) => s.id)).toEqual(['b_plain', 'b_plain.helper', 'b_plain.main']);
    expect(index.edges.filter((e) => e.from === 'b_plain.main' && e.kind === 'calls').map((e) => e.to)).toEqual(['b_plain.helper']);
  });

  it('parses the same file when the limit is the default', async () => {
    const parser = await loadPythonParser();
    const tree = parser.parse(HOSTILE);
    expect(tree.rootNode.hasError).toBe(true);
    tree.delete();
  });

  it('raises ParseTimeLimitError from the parser itself, and the next parse succeeds', async () => {
    const parser = await loadPythonParser();
    process.env.REPODIGEST_PARSE_TIME_LIMIT_MS = '50';
    expect(() => parser.parse(HOSTILE)).toThrow(ParseTimeLimitError);
    const tree = parser.parse(PLAIN);
    expect(tree.rootNode.hasError).toBe(false);
    expect(tree.rootNode.text).toBe(PLAIN);
    tree.delete();
  });

  it('a PR whose base file is over the limit says so in the digest, once', async () => {
    // Base holds the hostile line, head removes it and changes helper: head parses, base does not.
    const repo = makeRepo();
    repo.write({ 'mod.py': `${PLAIN}${HOSTILE}` });
    repo.commit('base');
    repo.write({ 'mod.py': PLAIN.replace('x + 1', 'x + 2') });
    repo.commit('head');
    process.env.REPODIGEST_PARSE_TIME_LIMIT_MS = '50';
    const prepared = await preparePr({ repoDir: repo.dir, base: 'HEAD~1', head: 'HEAD' });
    // Said once, where the base version is first parsed (diff/prChanges.ts); the symbol diffs and the
    // signature review then do without it (their catches rely on this note).
    expect(prepared.notes.filter((n) => n.startsWith('mod.py'))).toEqual([
      'mod.py: base version could not be analysed (tree-sitter did not finish within 0.05 s of CPU time (error recovery on a very long line); file skipped)',
      'mod.py: base version not available; its changed symbols are all reported as modified',
    ]);
    const digest = packPr(prepared, { budget: 4000, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
    // (Notes are PR text: markdown punctuation is escaped.)
    expect(digest.content).toContain('> mod.py\\: base version could not be analysed \\(tree\\-sitter did not finish within 0.05 s of CPU time');
    expect(digest.content).toContain('`mod.helper`');
  });
});

afterAll(removeTempDirs);

