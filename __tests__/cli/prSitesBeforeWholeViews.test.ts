// Call lines come before whole views (src/pr/levels.ts SITES_KEPT): when showing each changed function
// whole, with its unchanged docstring, would fold every call-site list to counts, the digest shows the
// functions as their hunks and keeps the lists, each quoting call lines (marshmallow 7609530d0 at 6,000
// tokens: six decorators shown whole, every caller of the change cut to a count). Real git repository,
// real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { prOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const STEPS = 6;
const USERS = 4;

/** Six functions, each with a 25-line docstring and a last line that the change edits. */
function steps(offset: number): string {
  return Array.from({ length: STEPS }, (_, i) => {
    const doc = Array.from({ length: 25 }, (_, j) => `    Line ${j} of the documentation of step_${i}: what it takes, returns and raises.`).join('\n');
    return `def step_${i}(value, scale=1):\n    """Step ${i}.\n\n${doc}\n    """\n    total = value * scale\n    return total + ${i + offset}\n`;
  }).join('\n\n');
}

function users(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let m = 0; m < USERS; m++) {
    const calls = Array.from({ length: STEPS }, (_, i) => `def use_${m}_${i}(x):\n    return step_${i}(x, scale=${m + 1})\n`).join('\n\n');
    files[`app/use${m}.py`] = `from lib.steps import ${Array.from({ length: STEPS }, (_, i) => `step_${i}`).join(', ')}\n\n\n${calls}`;
  }
  return files;
}

describe('repodigest pr: call lines before whole views', () => {
  test('the change as hunks with every list quoting call lines, rather than whole functions and counts', async () => {
    const run = await prOverTwoCommits({ 'lib/__init__.py': '', 'app/__init__.py': '', 'lib/steps.py': steps(0), ...users() }, { 'lib/steps.py': steps(10) }, '--budget', '3000');
    expect(run.code).toBe(0);
    const out = run.stdout;
    const sites = out.slice(out.indexOf('### Call sites to check'), out.indexOf('\n## ', out.indexOf('### Call sites to check')));
    expect(sites).not.toContain('(counts)');
    for (let i = 0; i < STEPS; i++) {
      // Every changed line is shown, and every changed function's list quotes a caller's line.
      expect(out).toContain(`+    return total + ${i + 10}`);
      expect(sites).toContain(`- \`lib.steps.step_${i}\` (modified), ${USERS} call sites:\n  - \`app/use0.py:${5 + 4 * i}\` in \`use_0_${i}\`: \`return step_${i}(x, scale=1)\``);
    }
    expect(out).toMatch(/\(function, hunks\)/);
  });
});
