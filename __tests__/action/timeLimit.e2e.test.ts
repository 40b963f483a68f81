// The Action's overall time limit (input `timeout-minutes`) hit AFTER the changed symbols are known,
// end to end: the bundled action (Node 24, bare copy) against the loopback stand-in. The partial
// digest must hold the changed symbols with the time-limit note (faults.e2e.test.ts covers a limit
// hit before they are known).
//
// Deterministic on a loaded machine: the moment the analysis learns the changed symbols cannot be
// timed from outside, so the test searches for it. A run without a limit gives the whole run's wall
// time; limits are then bisected between 0 and that time, each run landing in one of three outcomes:
// cut before the changes were known, cut after (the case under test), or finished. The window between
// the first two is wide by construction (the PR changes a function with 500 callers in 20 files: the
// changed list is known after the index and diff, then packing its callers three times, XML (the
// format), markdown and JSON, follows), so a few runs find it whatever the load. The test fails if no
// limit gives the middle outcome, which is what happens when the changed symbols are not handed over early.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionRun, bareCopy, node24, runAction } from '../support/bareAction.js';
import { pullRequestEvent } from '../support/events.js';
import { FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';
import { checkRequestsAndClose } from '../support/fakeGitHubHooks.js';
import { GitRepo } from '../support/gitRepo.js';

const OWNER = 'octo-org';
const REPO = 'hubs';
const TOKEN = 'ghs_timeLimitToken';
const PR = 70;

function callers(file: number): string {
  const lines = ['from pkg.hub import hub', ''];
  for (let i = 0; i < 25; i++) {
    lines.push(`def caller_${file}_${i}(rows):`);
    for (let k = 0; k < 30; k++) lines.push(`    rows = [hub(r) * ${k} + ${i} for r in rows]  # step ${k} of caller ${i} in file ${file}`);
    lines.push('    return rows', '');
  }
  return lines.join('\n');
}

let gh: FakeGitHub;
let actionDir: string;
let repo: GitRepo;
let baseSha: string;
let headSha: string;
let runs = 0;

function prRun(inputs: Record<string, string>): Promise<ActionRun> {
  runs++;
  return runAction({
    actionDir,
    workspace: repo.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ owner: OWNER, repo: REPO }, { number: PR, title: 'Hub plus two', baseSha, headSha }),
    inputs: { 'github-token': TOKEN, artifact: 'false', cache: 'false', budget: '50000', format: 'xml', ...inputs },
    env: gh.runnerEnv({ runId: `limit-run-${runs}`, jobId: `job-${runs}` }),
  });
}

function expectOk(run: ActionRun): void {
  if (run.code !== 0) throw new Error(`action failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
}

type Outcome = 'before' | 'after' | 'finished';

function outcomeOf(run: ActionRun): Outcome {
  if (!/^::warning::Time limit:/m.test(run.stdout)) return 'finished';
  return /before the changed symbols were known/.test(run.stdout) ? 'before' : 'after';
}

beforeAll(async () => {
  node24();
  actionDir = bareCopy(['index']);
  gh = await new FakeGitHub({ owner: OWNER, repo: REPO, token: TOKEN, runtimeToken: fakeRuntimeToken('limit-run-0', 'job-0') }).start();
  repo = new GitRepo();
  const files: Record<string, string> = { 'pkg/__init__.py': '', 'pkg/hub.py': 'def hub(x):\n    return x + 1\n' };
  for (let f = 0; f < 20; f++) files[`pkg/m${f}.py`] = callers(f);
  baseSha = repo.commit('base', files);
  headSha = repo.commit('hub plus two', { 'pkg/hub.py': 'def hub(x):\n    return x + 2\n' });
}, 300_000); // building the bundle took over the 120 s hook limit at load 34

checkRequestsAndClose(() => gh);

describe('the time limit, hit after the changed symbols are known', () => {
  it('posts the changed symbols with the time-limit note in the comment, summary, digest files and outputs', async () => {
    const started = Date.now();
    const whole = await prRun({});
    const wholeMs = Date.now() - started;
    expectOk(whole);
    expect(outcomeOf(whole)).toBe('finished');
    // The full digest packs the callers (the comment may trim them to GitHub's size limit; the JSON has them all).
    const full = JSON.parse(readFileSync(whole.outputs['json-path']!, 'utf8')) as { packed: { direction: string }[] };
    expect(full.packed.filter((p) => p.direction === 'caller').length).toBeGreaterThan(0);

    const tried: string[] = [];
    let low = 0;
    let high = wholeMs;
    let cut: { run: ActionRun; minutes: string } | undefined;
    for (let attempt = 0; attempt < 8 && !cut; attempt++) {
      const ms = Math.max(50, Math.round((low + high) / 2));
      const minutes = (ms / 60_000).toFixed(6);
      const run = await prRun({ 'timeout-minutes': minutes });
      expectOk(run);
      const outcome = outcomeOf(run);
      tried.push(`${minutes} min: ${outcome}`);
      if (outcome === 'after') cut = { run, minutes };
      else if (outcome === 'before') low = ms;
      else high = ms;
    }
    if (!cut) throw new Error(`no limit cut the analysis after the changed symbols were known (whole run ${wholeMs} ms): ${tried.join('; ')}`);

    const { run, minutes } = cut;
    const limit = `${Number(minutes)} minutes`;
    expect(run.stdout).toMatch(new RegExp(`^::warning::Time limit: the analysis did not finish within ${limit.replace('.', '\\.')} \\(input \`timeout-minutes\`\\): only the changed symbols are listed.*1 changed symbol listed\\.$`, 'm'));
    const comments = gh.commentsOn(PR);
    expect(comments).toHaveLength(1); // the sticky comment, now holding the partial digest
    const body = comments[0]!.body;
    expect(body).toContain(`## RepoDigest · #\u200b${PR} (incomplete)`); // no issue reference in the comment
    expect(body).toContain(`> **Time limit:** the analysis did not finish within ${limit} (input \`timeout-minutes\`): only the changed symbols are listed, without their callers, callees or code.`);
    expect(body).toContain('| `pkg.hub.hub` | modified | `pkg/hub.py` |');
    expect(body).not.toMatch(/pkg\.m\d+\.caller_\d+_\d+/); // what was cut is not pretended
    expect(run.summary).toContain('| `pkg.hub.hub` | modified | `pkg/hub.py` |');
    expect(readFileSync(run.outputs['digest-path']!, 'utf8')).toContain('<changed id="pkg.hub.hub" file="pkg/hub.py" change="modified"/>');
    expect(JSON.parse(readFileSync(run.outputs['json-path']!, 'utf8'))).toMatchObject({ incomplete: true, changed: [{ id: 'pkg.hub.hub', change: 'modified' }] });
    expect(run.outputs['changed-symbols']).toBe('1');
    expect(run.outputs['packed-symbols']).toBe('0');
  }, 1_200_000);
});
