// The analysis inputs (`resolution`, `parameter-flow`, `max-file-bytes`) reach the index and the pack:
// settings come from readSettings (as main.ts reads them), the digest from produceDigest over real
// Python files in temp dirs, the real parser and tokenizer, and a real git repository for the PR path.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actionCacheDir, analysisCache } from '../../src/action/digestCache.js';
import { produceDigest } from '../../src/action/pipelineDigest.js';
import { writeDigestFiles } from '../../src/action/publish.js';
import type { DigestRequest } from '../../src/action/runDigest.js';
import { readSettings } from '../../src/action/settings.js';
import { indexOptionsFrom, packSettingsFrom } from '../../src/cli/flags.js';
import { DEFAULT_MAX_FILE_BYTES } from '../../src/files/read.js';
import { indexOptionsOf, packSettingsOf } from '../../src/pipeline/runOptions.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-action-'));
  dirs.push(dir);
  write(dir, files);
  return dir;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();
}

const settingsFor = (dir: string, inputs: Record<string, string>) =>
  readSettings({ getInput: (name) => (name === 'path' ? dir : (inputs[name] ?? '')), workspace: '/unused' });

interface JsonDigest {
  packed: { id: string; hop: number; direction: string }[];
}
/** The JSON digest; a run that left json-path empty fails here. */
function parsed(json: string | undefined): unknown {
  expect(json).toBeTypeOf('string');
  return JSON.parse(json!);
}
const changedIds = (json: string | undefined) => (parsed(json) as { changed: { id: string }[] }).changed.map((c) => c.id).sort();
const packedIds = (json: string | undefined) => (parsed(json) as JsonDigest).packed.map((p) => p.id).sort();

const entry = (id: string): DigestRequest => ({ kind: 'entry', entry: id });

describe('the inputs map onto the run as the CLI\'s flags do (pipeline/runOptions.ts)', () => {
  const cliFlags = { budget: '8000', format: 'markdown', encoding: 'o200k_base', resolution: 'all', cache: false };
  it('gives the same index options and pack settings for the same choices', () => {
    const defaults = settingsFor('/r', {});
    // The cache is on by default (input `cache`), as the CLI's --cache-dir default.
    const { cache, ...rest } = indexOptionsOf(defaults, analysisCache(defaults.cache));
    expect(rest).toEqual({ maxFileBytes: DEFAULT_MAX_FILE_BYTES });
    expect(cache?.dir).toBe(actionCacheDir());
    expect(rest).toEqual(indexOptionsFrom(cliFlags));
    expect(packSettingsOf(defaults, 'json')).toEqual({ budget: 8000, encoding: 'o200k_base', format: 'json', signaturesOnly: false, resolution: 'all' });
    expect(packSettingsOf(defaults, 'json')).toEqual(packSettingsFrom({ ...cliFlags, format: 'json' }));
    const set = settingsFor('/r', { 'max-file-bytes': '300', 'parameter-flow': 'true', resolution: 'resolved', mermaid: 'false', include: 'a/**' });
    const flags = { ...cliFlags, maxFileBytes: '300', parameterFlow: true, resolution: 'resolved', mermaid: false, include: ['a/**'] };
    expect(indexOptionsOf(set, undefined)).toEqual({ include: ['a/**'], maxFileBytes: 300, parameterFlow: true });
    expect(indexOptionsOf(set, undefined)).toEqual(indexOptionsFrom(flags));
    expect(packSettingsOf(set, 'xml')).toEqual(packSettingsFrom({ ...flags, format: 'xml' }));
    expect(packSettingsOf(set, 'xml').mermaid).toBe(false);
  });
});

describe('produceDigest with the analysis inputs', () => {
  // big.py is over 200 bytes; small.py is not.
  const bigBody = `def big():\n${Array.from({ length: 20 }, (_, i) => `    x${i} = ${i}\n`).join('')}    return 0\n`;
  const sizes = { 'small.py': 'from big import big\n\n\ndef small():\n    return big()\n', 'big.py': bigBody };

  it('max-file-bytes: a larger file is skipped and reported, and its symbols are not packed', async () => {
    const dir = repo(sizes);
    const limited = await produceDigest(settingsFor(dir, { 'max-file-bytes': '200' }), entry('small.small'), {});
    // Worded for the Action: the input to raise, not the CLI flag.
    expect(limited.warnings).toEqual([
      "Skipped big.py: larger than 200 bytes (264 bytes); raise the 'max-file-bytes' input to include it",
    ]);
    expect(packedIds(limited.json)).toEqual(['small.small']);

    const unlimited = await produceDigest(settingsFor(dir, {}), entry('small.small'), {});
    expect(unlimited.warnings).toEqual([]);
    expect(packedIds(unlimited.json)).toEqual(['big.big', 'small.small']);
  });

  it('max-file-bytes: the PR path skips it too (index and changed-symbol extraction)', async () => {
    const dir = repo({ 'small.py': sizes['small.py'] });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    const base = git(dir, 'rev-parse', 'HEAD');
    write(dir, { 'big.py': bigBody });
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'head');
    const request: DigestRequest = { kind: 'pr', base, head: 'HEAD', prNumber: undefined, title: undefined, changedFiles: undefined };

    const limited = await produceDigest(settingsFor(dir, { 'max-file-bytes': '200' }), request, {});
    expect(limited.warnings).toEqual(["Skipped big.py: larger than 200 bytes (264 bytes); raise the 'max-file-bytes' input to include it"]);
    // The diff side honours the limit too: the added file is not analysed, and the digest says so.
    expect(limited.changedSymbols).toBe(0);
    expect(limited.markdown).toContain('head version larger than 200 bytes, not analysed');
    expect(packedIds(limited.json)).not.toContain('big.big');

    const unlimited = await produceDigest(settingsFor(dir, {}), request, {});
    expect(unlimited.warnings).toEqual([]);
    expect(changedIds(unlimited.json)).toContain('big.big');
    expect(unlimited.changedSymbols).toBe(changedIds(unlimited.json).length);
    expect(packedIds(unlimited.json)).toContain('big.big');
  });

  it('parameter-flow: a called parameter is followed by default; the input also follows a receiver', async () => {
    const dir = repo({
      'm.py': 'def apply(f, x):\n    return f(x)\n\n\ndef double(x):\n    return 2 * x\n\n\nclass Job:\n    def run(self):\n        pass\n\n\ndef go(task):\n    task.run()\n\n\ndef main():\n    go(Job())\n    return apply(double, 3)\n',
    });
    const calleesOf = (json: string | undefined) =>
      (parsed(json) as JsonDigest).packed.filter((p) => p.direction === 'callee' && p.hop === 1).map((p) => p.id);

    expect(calleesOf((await produceDigest(settingsFor(dir, {}), entry('m.apply'), {})).json)).toEqual(['m.double']);
    expect(calleesOf((await produceDigest(settingsFor(dir, {}), entry('m.go'), {})).json)).not.toContain('m.Job.run');
    const on = await produceDigest(settingsFor(dir, { 'parameter-flow': 'true' }), entry('m.go'), {});
    expect(calleesOf(on.json)).toContain('m.Job.run');
  });

  it('resolution: resolved leaves heuristic (name-only) callees out of the pack; all follows them', async () => {
    const dir = repo({
      'worker.py': 'class Worker:\n    def frobnicate(self):\n        return 1\n',
      'main.py': 'def run(job):\n    return job.frobnicate()\n',
    });
    const all = await produceDigest(settingsFor(dir, {}), entry('main.run'), {});
    expect(packedIds(all.json)).toEqual(['main.run', 'worker.Worker.frobnicate']);
    const resolved = await produceDigest(settingsFor(dir, { resolution: 'resolved' }), entry('main.run'), {});
    expect(packedIds(resolved.json)).toEqual(['main.run']);
    // The format the digest file uses gets the same setting as the markdown and JSON renderings.
    expect(resolved.markdown).not.toContain('frobnicate(self)');
    expect(all.markdown).toContain('frobnicate(self)');
  });
});

describe('a budget the chosen format fits but JSON does not', () => {
  // JSON spends tokens on its own keys; at 150 tokens the markdown digest of this entry fits and the JSON one cannot.
  const files = { 'money.py': 'def to_cents(amount):\n    return round(amount * 100)\n' };

  it('delivers the markdown digest and leaves json-path empty with one warning', async () => {
    const dir = repo(files);
    const product = await produceDigest(settingsFor(dir, { budget: '150' }), entry('money.to_cents'), {});
    expect(product.document).toContain('def to_cents(amount):');
    expect(product.json).toBeUndefined();
    expect(product.warnings).toHaveLength(1);
    expect(product.warnings[0]).toMatch(/^json-path left empty: for the JSON digest, Budget 150 is too small: .* needs \d+ tokens \(raise the 'budget' input to get it\); the markdown digest, job summary and comment are complete\.$/);

    const out = join(dir, 'out');
    const delivery = writeDigestFiles(settingsFor(dir, { budget: '150' }), product, out);
    expect(delivery.jsonPath).toBe('');
    expect(delivery.artifactFiles).toEqual([join(out, 'digest.md')]);
    expect(readdirSync(out)).toEqual(['digest.md']);
  });

  it('still fails when JSON is the format asked for', async () => {
    const dir = repo(files);
    await expect(produceDigest(settingsFor(dir, { budget: '150', format: 'json' }), entry('money.to_cents'), {})).rejects.toThrow(/Budget 150 is too small/);
  });
});
