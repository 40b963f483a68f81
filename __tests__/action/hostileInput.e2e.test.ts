// Issue 9's numbered defects 2-6, end to end: the bundled action (dist/index.js from a bare copy,
// Node 24) on a real git repository whose pull request is the attack, against the loopback stand-in.
// Defect 1 (the neutraliser bypass, comment and job summary) is e2e.test.ts's hostile post-digest test.
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionRun, bareCopy, node24, repoRoot, runAction } from '../support/bareAction.js';
import { pullRequestEvent, workflowDispatchEvent } from '../support/events.js';
import { FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';
import { checkRequestsAndClose } from '../support/fakeGitHubHooks.js';
import { GitRepo } from '../support/gitRepo.js';
import { readZip } from '../support/zip.js';

const OWNER = 'octo-org';
const REPO = 'tools';
const TOKEN = 'ghs_hostileToken';
const MARKER = '<!-- repodigest:default -->';

const BASE = {
  'app/__init__.py': '',
  'app/tools.py': 'def helper():\n    return "safe"\n\n\ndef main():\n    return helper()\n',
};

let gh: FakeGitHub;
let actionDir: string;
let runs = 0;

function prRun(repo: GitRepo, pr: number, range: { base: string; head: string }, inputs: Record<string, string> = {}): Promise<ActionRun> {
  runs++;
  return runAction({
    actionDir,
    workspace: repo.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ owner: OWNER, repo: REPO }, { number: pr, title: 'Tidy helpers', baseSha: range.base, headSha: range.head }),
    inputs: { 'github-token': TOKEN, artifact: 'false', ...inputs },
    env: gh.runnerEnv({ runId: `hostile-run-${runs}`, jobId: `job-${runs}` }),
  });
}

function expectOk(run: ActionRun): void {
  if (run.code !== 0) throw new Error(`action failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
}

beforeAll(async () => {
  node24();
  actionDir = bareCopy(['index']);
  gh = await new FakeGitHub({ owner: OWNER, repo: REPO, token: TOKEN, runtimeToken: fakeRuntimeToken('hostile-run-0', 'job-0') }).start();
}, 300_000); // building the bundle took over the 120 s hook limit at load 34

checkRequestsAndClose(() => gh);

describe('issue 9 defects, end to end with the bundled action', () => {
  it('defect 2: a PR adding a 300 KB single-line string is digested (linear token counting), within the budget', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', BASE);
    // 300 KB of one letter in one literal: before the fix, counting 10 KB of it cost 7.7 s (quadratic),
    // so this digest would have taken hours; the test's time-out is a hang detector, not a speed target.
    const head = repo.commit('blob', { 'app/blob.py': `def blob():\n    return "${'A'.repeat(300_000)}"\n\n\ndef use_blob():\n    return len(blob())\n` });
    const run = await prRun(repo, 60, { base, head });
    expectOk(run);
    const body = gh.commentsOn(60)[0]!.body;
    expect(body).toContain('`app.blob.use_blob`');
    expect(body).toContain('`app.blob.blob`');
    expect(Number(run.outputs['total-tokens'])).toBeGreaterThan(0);
    expect(Number(run.outputs['total-tokens'])).toBeLessThanOrEqual(8000);
    expect(run.outputs['changed-symbols']).toBe('3'); // the module, blob, use_blob
  }, 300_000);

  it('defect 3: a look-alike (NFKC) redefinition is flagged in the comment, and main is its caller', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', BASE);
    const head = repo.commit('look-alike', { 'app/tools.py': 'def helper():\n    return "safe"\n\n\ndef ｈelper():\n    return "evil"\n\n\ndef main():\n    return helper()\n' });
    const run = await prRun(repo, 61, { base, head });
    expectOk(run);
    const body = gh.commentsOn(61)[0]!.body;
    // Python binds `ｈelper` as `helper`: the heading of the added definition says so (`#2`, like any
    // `#N` outside fences, carries a U+200B in the comment so GitHub reads no issue reference).
    expect(body).toMatch(/^### `helper#\u200b2` \(function, full\) .* \(`ｈelper` is the same name as `helper` to Python\)$/m);
    // main() calls the evil one (CPython: `main()` returns "evil"): it is shown as the change's caller.
    const json = JSON.parse(readFileSync(run.outputs['json-path']!, 'utf8')) as { packed: { id: string; direction: string; spelledAs?: string }[] };
    expect(json.packed.find((p) => p.id === 'app.tools.helper#2')).toMatchObject({ direction: 'root', spelledAs: 'ｈelper' });
    expect(json.packed.find((p) => p.id === 'app.tools.main')).toMatchObject({ direction: 'caller' });
  }, 120_000);

  it("defect 4: the sticky comment is the posting identity's own; a person's and another app's marker comments are never edited", async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', BASE);
    const head = repo.commit('change', { 'app/tools.py': BASE['app/tools.py'].replace('"safe"', '"safer"') });
    const person = gh.seedComment(62, `${MARKER}\n@everyone look here`, 'mallory', 'User');
    const otherApp = gh.seedComment(62, `${MARKER}\nanother app's digest`, 'other-app[bot]', 'Bot');
    const first = await prRun(repo, 62, { base, head });
    expectOk(first);
    const again = repo.commit('change again', { 'app/tools.py': BASE['app/tools.py'].replace('"safe"', '"safest"') });
    const second = await prRun(repo, 62, { base, head: again });
    expectOk(second);
    expect(person.body).toBe(`${MARKER}\n@everyone look here`);
    expect(otherApp.body).toBe(`${MARKER}\nanother app's digest`);
    const ours = gh.commentsOn(62).filter((c) => c.login === gh.botLogin);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body).toContain('"safest"');
    expect(first.outputs['comment-id']).toBe(String(ours[0]!.id));
    expect(second.outputs['comment-id']).toBe(String(ours[0]!.id));
    const edits = gh.requests.filter((r) => r.method === 'PATCH').map((r) => r.path);
    expect(edits).toEqual([`/repos/${OWNER}/${REPO}/issues/comments/${ours[0]!.id}`]);
  }, 120_000);

  it('defect 5: hostile file names and files reach the log, comment and summary escaped, each skip with its true reason', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', BASE);
    // Written directly: names a test's string-keyed helper cannot carry (non-UTF-8 bytes, a symlink).
    writeFileSync(join(repo.dir, 'app/evil\n::error::pwned\u001b[31m.py'), 'def ctrl():\n    return 1\n');
    writeFileSync(join(repo.dir, 'app/bidi\u202egnp.py'), 'def bidi():\n    return 2\n');
    writeFileSync(Buffer.from(join(repo.dir, 'app/latin\xe9.py'), 'latin1'), 'def latin():\n    return 3\n');
    writeFileSync(join(repo.dir, 'app/wide.py'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('def wide():\n    return 4\n', 'utf16le')]));
    writeFileSync(join(repo.dir, 'app/wide\u001b[2J\u202e.py'), Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('def wide2():\n    return 5\n', 'utf16le').swap16()]));
    writeFileSync(join(repo.dir, 'real_ignore'), 'app/ignored_by_symlink.py\n');
    symlinkSync('real_ignore', join(repo.dir, '.gitignore'));
    const deep = ['def f0():', ...Array.from({ length: 120 }, (_, d) => `${'    '.repeat(d + 1)}def f${d + 1}():`), `${'    '.repeat(121)}return 1`, ''].join('\n');
    const head = repo.commit('hostile names', { 'app/deep.py': deep });
    const run = await prRun(repo, 63, { base, head });
    expectOk(run);

    // The runner log: a file name cannot open a workflow command of its own (`::error::pwned`).
    const commands = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    for (const line of commands) expect(line).toMatch(/^::(warning|notice|debug|group|endgroup)::/);
    expect(run.stdout).not.toMatch(/^::error::pwned/m);
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).toMatch(/^::warning::Skipped \.gitignore: symlinked \.gitignore not followed \(git does not follow it either\): its rules were not applied$/m);
    expect(run.stdout).toMatch(/^::warning::Skipped app\/latin\ufffd\.py: name is not valid UTF-8/m);
    expect(run.stdout).toMatch(/^::warning::Skipped app\/wide\.py: UTF-16 text \(byte-order mark\): Python cannot run UTF-16 source/m);
    // A skipped file's name is shown with its escape and bidi control made visible, not acting.
    expect(run.stdout).toMatch(/^::warning::Skipped app\/wide\\x1b\[2J\\u202e\.py: UTF-16 text/m);
    expect(run.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);

    const body = gh.commentsOn(63)[0]!.body;
    for (const text of [body, run.summary, readFileSync(run.outputs['digest-path']!, 'utf8')]) {
      // No terminal escape, no other C0 control but newline, no bidi override or isolate.
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    }
    expect(body).toContain('`app/evil ::error::pwned\\x1b[31m.py`');
    expect(body).toContain('`app/bidi\\u202egnp.py`');
    expect(body).not.toContain('bidignp'); // listed by its own name, never as another file's
    // Its function under the file's escaped heading, named inside its module.
    expect(body).toContain('## `app/evil ::error::pwned\\x1b[31m.py`\n\n### `ctrl`');
    // Not "binary", not "ENOENT": the reasons a reviewer can act on are in the comment.
    expect(body).toContain('app/wide.py\\: head version not analysed \\(UTF\\-16 text');
    expect(body).not.toMatch(/binary|ENOENT/);
    // 121 nested defs: the note (in the log, as the CLI's stderr) points at the line CPython refuses, not line 1.
    expect(run.stdout).toMatch(/^note app\/deep\.py: line 101: 100 nested indentation levels, which Python refuses \("too many levels of indentation"\)$/m);
  }, 120_000);

  // The CLI's case is markdown at 147-150 tokens (the root alone renders in 147); the action packs JSON
  // too and that needs at least 198, so its boundary is the JSON one: the root alone renders in 322.
  it('never reads outside the checkout: symlinks to a file and a folder outside are skipped and said, their text never posted', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'repodigest-outside-'));
    writeFileSync(join(outside, 'secret.py'), 'def leaked():\n    return "TOPSECRET-outside-the-tree"\n');
    const repo = new GitRepo();
    const base = repo.commit('base', BASE);
    symlinkSync(join(outside, 'secret.py'), join(repo.dir, 'app/outside.py'));
    symlinkSync(outside, join(repo.dir, 'app/outdir'));
    const head = repo.commit('links out', { 'app/tools.py': BASE['app/tools.py'].replace('"safe"', '"safer"') });
    const run = await prRun(repo, 64, { base, head }, { artifact: 'true' });
    expectOk(run);
    expect(run.stdout).toMatch(/^::warning::Skipped app\/outside\.py: symlink points outside the scan root$/m);
    expect(run.stdout).toMatch(/^::warning::Skipped app\/outdir: symlink points outside the scan root$/m);
    const artifact = gh.artifacts.find((a) => String(a.id) === run.outputs['artifact-id']);
    expect(artifact?.finalized).toBe(true);
    for (const text of [gh.commentsOn(64)[0]!.body, run.summary, run.stdout, readFileSync(run.outputs['digest-path']!, 'utf8'), readFileSync(run.outputs['json-path']!, 'utf8'), ...[...readZip(artifact!.bytes!).values()].map((b) => b.toString('utf8'))]) {
      expect(text).not.toContain('TOPSECRET');
      expect(text).not.toContain('leaked');
    }
    expect(gh.commentsOn(64)[0]!.body).toContain('"safer"');
  }, 120_000);

  it('defect 6: `entry` with one root, at the exact budget its digest needs, packs the root itself', async () => {
    const repo = new GitRepo();
    cpSync(join(repoRoot, 'examples/shop'), repo.dir, { recursive: true });
    repo.commit('shop', {});
    for (const budget of ['322', '330']) {
      runs++;
      const run = await runAction({
        actionDir,
        workspace: repo.dir,
        eventName: 'workflow_dispatch',
        event: workflowDispatchEvent({ owner: OWNER, repo: REPO }),
        inputs: { 'github-token': TOKEN, entry: 'shop.pricing.apply_discount', budget, comment: 'false', artifact: 'false' },
        env: gh.runnerEnv({ runId: `hostile-run-${runs}`, jobId: `job-${runs}` }),
      });
      expectOk(run);
      const json = JSON.parse(readFileSync(run.outputs['json-path']!, 'utf8')) as { packed: { id: string; direction: string }[]; skipped: { id: string; reason: string }[] };
      expect(json.packed[0]).toMatchObject({ id: 'shop.pricing.apply_discount', direction: 'root' });
      expect(JSON.stringify(json.skipped)).not.toContain('after earlier roots');
      expect(readFileSync(run.outputs['digest-path']!, 'utf8')).toContain('def apply_discount(');
      expect(Number(run.outputs['total-tokens'])).toBeLessThanOrEqual(Number(budget));
    }
  }, 120_000);
});
