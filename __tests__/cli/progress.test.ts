// The progress line: drawn on a terminal only, never in CI, with --quiet or when piped, and it never
// changes what the command prints. The end-to-end cases run the real CLI (src/cli/bin.ts through
// tsx) under a real pseudo-terminal made by util-linux `script`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgress, type ProgressDeps } from '../../src/cli/progress.js';
import { repoRoot, samplePrRepository, tempTree } from './cliHarness.js';

function fakeTerminal(env: Record<string, string | undefined> = {}, isTTY = true) {
  const writes: string[] = [];
  let clock = 0;
  const deps: ProgressDeps = { stream: { isTTY, write: (t: string) => writes.push(t) }, env, now: () => clock };
  return { deps, writes, advance: (ms: number) => void (clock += ms) };
}

describe('createProgress', () => {
  it('stays silent for the first 2 s, then shows the phase and files parsed / total', () => {
    const t = fakeTerminal();
    const p = createProgress({}, t.deps);
    p.update(1, 10);
    t.advance(1999);
    p.update(2, 10);
    expect(t.writes).toEqual([]);
    t.advance(1);
    p.update(3, 10);
    expect(t.writes.at(-1)).toBe('\rparse 3/10 files parsed (30%) (2 s)\x1b[K');
    p.update(4, 10); // within 100 ms of the last draw: throttled
    expect(t.writes).toHaveLength(1);
    p.update(10, 10);
    expect(t.writes.at(-1)).toBe('\rresolve 10/10 files parsed (100%) (2 s)\x1b[K');
    p.phase('render');
    expect(t.writes.at(-1)).toContain('\rrender');
    p.done();
    expect(t.writes.at(-1)).toBe('\r\x1b[K');
  });

  it('keeps moving through resolution: files resolved with a percentage, redrawn at most every 100 ms', () => {
    const t = fakeTerminal({ REPODIGEST_PROGRESS_DELAY_MS: '0' });
    const p = createProgress({}, t.deps);
    p.update(40, 40);
    p.resolving(1, 40);
    expect(t.writes.at(-1)).toBe('\rresolve 1/40 files resolved (2%) (0 s)\x1b[K');
    p.resolving(2, 40); // throttled
    t.advance(100);
    p.resolving(30, 40);
    expect(t.writes.at(-1)).toBe('\rresolve 30/40 files resolved (75%) (0 s)\x1b[K');
    expect(t.writes.filter((w) => w.includes('resolved'))).toHaveLength(2);
  });

  it('counts the files the scan finds, without a percentage (the total is known only at its end)', () => {
    const t = fakeTerminal({ REPODIGEST_PROGRESS_DELAY_MS: '0' });
    const p = createProgress({}, t.deps);
    p.found(1);
    expect(t.writes.at(-1)).toBe('\rscan 1 Python files found (0 s)\x1b[K');
    t.advance(100);
    p.found(250);
    expect(t.writes.at(-1)).toBe('\rscan 250 Python files found (0 s)\x1b[K');
    p.update(1, 250);
    expect(t.writes.at(-1)).toBe('\rparse 1/250 files parsed (0%) (0 s)\x1b[K');
  });

  it('keeps moving through a PR review and its packing: steps with a percentage, a new phase drawn at once', () => {
    const t = fakeTerminal({ REPODIGEST_PROGRESS_DELAY_MS: '0' });
    const p = createProgress({}, t.deps);
    p.step('review', 1, 4, 'steps');
    expect(t.writes.at(-1)).toBe('\rreview 1/4 steps (25%) (0 s)\x1b[K');
    p.step('pack', 1, 5, 'section layouts packed');
    expect(t.writes.at(-1)).toBe('\rpack 1/5 section layouts packed (20%) (0 s)\x1b[K');
    t.advance(100);
    // A total that turns out short never reads over 100%.
    p.step('pack', 6, 5, 'section layouts packed');
    expect(t.writes.at(-1)).toBe('\rpack 6/6 section layouts packed (100%) (0 s)\x1b[K');
  });

  it('writes nothing when not a terminal, when CI is set, or with quiet; done() erases nothing it did not draw', () => {
    for (const [options, t] of [
      [{}, fakeTerminal({ REPODIGEST_PROGRESS_DELAY_MS: '0' }, false)],
      [{}, fakeTerminal({ REPODIGEST_PROGRESS_DELAY_MS: '0', CI: 'true' })],
      [{ quiet: true }, fakeTerminal({ REPODIGEST_PROGRESS_DELAY_MS: '0' })],
    ] as const) {
      const p = createProgress(options, t.deps);
      p.update(1, 2);
      p.phase('render');
      p.done();
      expect(t.writes).toEqual([]);
    }
    const early = fakeTerminal();
    const p = createProgress({}, early.deps);
    p.update(1, 2);
    p.done();
    expect(early.writes).toEqual([]);
  });
});

const tsxLoader = join(repoRoot, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const bin = join(repoRoot, 'src', 'cli', 'bin.ts');
const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

/** The CLI under a pseudo-terminal; stdout to a file, so only stderr is the terminal's. */
function underTerminal(args: string[], env: Record<string, string>, stdoutFile: string): { terminal: string; stdout: string } {
  const command = `${quote(process.execPath)} --import ${quote(tsxLoader)} ${quote(bin)} ${args.map(quote).join(' ')} > ${quote(stdoutFile)}`;
  const run = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...cleanEnv(), ...env } });
  expect(run.status, run.stderr).toBe(0);
  return { terminal: run.stdout, stdout: readFileSync(stdoutFile, 'utf8') };
}

function piped(args: string[], env: Record<string, string>): { stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', tsxLoader, bin, ...args], { encoding: 'utf8', env: { ...cleanEnv(), ...env } });
  expect(run.status, run.stderr).toBe(0);
  return { stdout: run.stdout, stderr: run.stderr };
}

function cleanEnv(): Record<string, string> {
  const env = { ...process.env } as Record<string, string>;
  delete env.CI; // vitest under CI=true sets it; each case sets it itself
  return env;
}

const now = { REPODIGEST_PROGRESS_DELAY_MS: '0' };

// Each case starts 2-4 real CLI processes (tsx compiles on the fly): several seconds each on a busy machine.
describe('the CLI under a pseudo-terminal', { timeout: 180_000 }, () => {
  const tree = tempTree(
    Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`pkg/mod${i}.py`, `from pkg.mod${(i + 1) % 12} import f${(i + 1) % 12}\n\n\ndef f${i}():\n    return f${(i + 1) % 12}()\n`]),
    ),
  );
  const out = join(tree, '..', `${tree.split('/').at(-1)}-stdout.txt`);

  it('shows the progress line on the terminal and leaves stdout byte-identical to a piped run', () => {
    const shown = underTerminal(['graph', tree], now, out);
    expect(shown.terminal).toContain('files parsed');
    expect(shown.terminal).toMatch(/\rparse \d+\/12 files parsed|\rresolve 12\/12 files parsed/);
    expect(shown.terminal).toContain('\r\x1b[K'); // erased at the end
    const pipedRun = piped(['graph', tree], now);
    expect(shown.stdout).toBe(pipedRun.stdout);
    expect(pipedRun.stderr).toBe('');
  });

  it('is silent on a terminal with --quiet and with CI set; piped, CI and --quiet runs print the same bytes', () => {
    expect(underTerminal(['graph', tree, '--quiet'], now, out).terminal).toBe('');
    expect(underTerminal(['graph', tree], { ...now, CI: 'true' }, out).terminal).toBe('');
    const plain = piped(['graph', tree, '--format', 'json'], now);
    expect(piped(['graph', tree, '--format', 'json', '--quiet'], now)).toEqual(plain);
    expect(piped(['graph', tree, '--format', 'json'], { ...now, CI: 'true' })).toEqual(plain);
  });

  it('shows it for a PR digest too, with the PR output unchanged', () => {
    const repo = samplePrRepository();
    const args = ['pr', repo, '--base', 'HEAD~1', '--budget', '3000'];
    const shown = underTerminal(args, now, out);
    expect(shown.terminal).toMatch(/\rresolve \d+\/\d+ files (parsed|resolved)/);
    expect(shown.terminal).toMatch(/\rreview \d\/4 steps/);
    expect(shown.terminal).toMatch(/\rpack \d+\/\d+ section layouts packed \(\d+%\)/);
    expect(shown.stdout).toBe(piped(args, now).stdout);
  });
});
