// The process entries' compiler policy (src/shared/lateTierUp.ts): the bundled CLI, run by the machine's
// Node and by the Node 24 the Action runs on, has V8 optimise far fewer functions than with V8's own
// thresholds, says nothing about flags on stderr, and leaves a threshold the user set alone. Counted
// with V8's --trace-opt, which prints a line per function compiled by an optimising tier.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lateTierUpFlags, userSetsAny } from '../../src/shared/lateTierUp.js';
import { bareCopy, node24 } from '../support/bareAction.js';

describe('lateTierUpFlags', () => {
  it('names the interrupt budget up to V8 11 and the invocation counts on V8 12 and 13', () => {
    expect(lateTierUpFlags('11.3.244.8-node.38')).toEqual(['--interrupt-budget=2000000']);
    expect(lateTierUpFlags('12.4.254.21-node.57')).toEqual(['--invocation-count-for-turbofan=30000', '--invocation-count-for-maglev=4000']);
    expect(lateTierUpFlags('13.6.233.17-node.63')).toEqual(['--invocation-count-for-turbofan=30000', '--invocation-count-for-maglev=4000']);
  });

  it('sets nothing on a V8 whose flag names it has not been checked against', () => {
    expect(lateTierUpFlags('10.2.154.26-node.36')).toEqual([]);
    expect(lateTierUpFlags('14.1.146.11-node.25')).toEqual([]);
    expect(lateTierUpFlags('')).toEqual([]);
  });
});

describe('userSetsAny', () => {
  it('sees a threshold set on the command line or in NODE_OPTIONS, by name whatever its value', () => {
    const flags = lateTierUpFlags('13.6.233.17-node.63');
    expect(userSetsAny(flags, '--invocation-count-for-maglev=100')).toBe(true);
    expect(userSetsAny(flags, '--max-old-space-size=4096 --invocation-count-for-turbofan=5')).toBe(true);
    expect(userSetsAny(flags, '--max-old-space-size=4096')).toBe(false);
    expect(userSetsAny([], '--interrupt-budget=1')).toBe(false);
  });
});

describe('the bundled CLI under the policy', () => {
  let bare: string;
  let repo: string;

  beforeAll(() => {
    bare = bareCopy(['cli']);
    // Enough real Python for V8's default thresholds to optimise a few hundred functions.
    repo = mkdtempSync(join(tmpdir(), 'repodigest-tierup-'));
    for (let p = 0; p < 12; p++) {
      mkdirSync(join(repo, `pkg${p}`));
      writeFileSync(join(repo, `pkg${p}`, '__init__.py'), '');
      for (let m = 0; m < 15; m++) {
        const functions = Array.from({ length: 12 }, (_, f) => {
          const callee = `from pkg${(p + 1) % 12}.mod${m} import f${f}`;
          return `def f${f}(value, *args, **kwargs):\n    """Doc of f${f}."""\n    ${callee}\n    total = [item * ${f} for item in args if item]\n    if value > ${f}:\n        return f${(f + 1) % 12}(value - 1, *total)\n    return {"k": value, "n": len(total)}\n`;
        });
        const klass = `class Model${m}:\n    def __init__(self, x):\n        self.x = x\n\n    def run(self):\n        return f0(self.x)\n`;
        writeFileSync(join(repo, `pkg${p}`, `mod${m}.py`), `import os\n\n${functions.join('\n\n')}\n\n${klass}`);
      }
    }
  }, 120_000);

  afterAll(() => {
    rmSync(bare, { recursive: true, force: true });
    rmSync(repo, { recursive: true, force: true });
  });

  /** Functions an optimising tier compiled during a `pack` of one module (written to a file), with the user's own Node flags. */
  function optimised(node: string, userFlags: string[]): { count: number; packed: string; stderr: string } {
    const output = join(repo, '..', `${repo.split('/').pop()}-pack.md`);
    const run = spawnSync(node, ['--trace-opt', ...userFlags, join(bare, 'dist/cli.js'), 'pack', repo, '--entry', 'pkg0/mod0.py', '--budget', '20000', '--no-cache', '--quiet', '--output', output], {
      encoding: 'utf8',
      maxBuffer: 256 * 2 ** 20,
    });
    expect(run.status, run.stderr).toBe(0);
    const count = run.stdout.split('\n').filter((line) => line.startsWith('[completed optimizing') || line.startsWith('[completed compiling')).length;
    const packed = readFileSync(output, 'utf8');
    rmSync(output);
    return { count, packed, stderr: run.stderr };
  }

  /** The user's flags restating V8's defaults, which the policy must then leave alone. */
  function defaultsFor(node: string): string[] {
    const v8 = spawnSync(node, ['-p', 'process.versions.v8'], { encoding: 'utf8' }).stdout.trim();
    return Number.parseInt(v8, 10) === 11 ? ['--interrupt-budget=67584'] : ['--invocation-count-for-turbofan=3000', '--invocation-count-for-maglev=400'];
  }

  for (const [name, node] of [
    ['the machine’s Node', () => process.execPath],
    ['Node 24', node24],
  ] as const) {
    it(`optimises far fewer functions on ${name} than V8's defaults, with the same output`, () => {
      const binary = node();
      const policy = optimised(binary, []);
      const defaults = optimised(binary, defaultsFor(binary));
      expect(policy.stderr).not.toMatch(/flag/i);
      expect(defaults.count).toBeGreaterThan(100);
      expect(policy.count).toBeLessThan(defaults.count / 2);
      expect(policy.packed).toBe(defaults.packed);
    }, 120_000);
  }
});
