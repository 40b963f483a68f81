// Issue 9, defect 2: a long unbroken line made the tokenizer quadratic (10 KB of `A` in a string
// literal: 7.7 s; 1 MB: no output after 120 s). The real CLI runs in a child process so a hang is
// caught by a kill instead of blocking the suite; the limit is a hang detector, not a speed target
// (speed is in `npm run bench`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/pack/tokens.js';

const cliModule = pathToFileURL(join(process.cwd(), 'src', 'cli', 'main.ts')).href;

function runCliInChild(argv: string[], timeoutMs: number): { status: number | null; signal: string | null; stdout: string; stderr: string } {
  const script = `import { runCli } from ${JSON.stringify(cliModule)};
let out = '';
const code = await runCli(${JSON.stringify(argv)}, { stdout: (t) => (out += t), stderr: (t) => process.stderr.write(t) });
process.stdout.write(out);
process.exitCode = code;`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return { status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr };
}

describe('a 200 KB single-line string literal', () => {
  it('is packed within a hang limit, with the document count exact and within budget', () => {
    const root = mkdtempSync(join(tmpdir(), 'repodigest-longline-'));
    writeFileSync(join(root, 'm.py'), `def f():\n    return "${'A'.repeat(200_000)}"\n\n\ndef g():\n    return f()\n`);
    const run = runCliInChild(['pack', root, '--entry', 'm.g', '--budget', '100000'], 90_000);
    expect(run.signal, 'killed: the pack hung').toBeNull();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('### `f` (function, full)');
    const used = Number(/Token usage: (\d+) \/ 100000/.exec(run.stdout)?.[1]);
    expect(used).toBe(createTokenCounter('o200k_base').count(run.stdout));
    expect(used).toBeLessThanOrEqual(100_000);
    expect(used).toBeGreaterThan(25_000); // 200,000 `A` are 25,000 tokens of 8
  });
});
