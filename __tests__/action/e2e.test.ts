// End to end, as GitHub runs the action: the real dist/index.js from a bare copy (dist/ + action.yml,
// no node_modules), under Node 24, with a runner-like environment, against a real git repository and
// the fake GitHub (REST checked against GitHub's OpenAPI description, artifact service, blob store).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionRun, bareCopy, node24, runAction, runCli } from '../support/bareAction.js';
import { pullRequestEvent, workflowDispatchEvent } from '../support/events.js';
import { FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';
import { checkRequestsAndClose } from '../support/fakeGitHubHooks.js';
import { GitRepo } from '../support/gitRepo.js';
import { cmarkGfm, inertFindings, renderFindings } from '../support/renderedMarkdown.js';
import { readZip } from '../support/zip.js';

const OWNER = 'octo-org';
const REPO = 'shop';
const TOKEN = 'ghs_e2eToken';
const MARKER = '<!-- repodigest:default -->';

const BASE_FILES = {
  'pkg/__init__.py': '',
  'pkg/pricing.py': [
    'TAX = 0.2',
    '',
    '',
    'def net_price(amount):',
    '    return round(amount, 2)',
    '',
    '',
    'def gross_price(amount):',
    '    return net_price(amount) * (1 + TAX)',
    '',
    '',
    'def legacy_discount(amount):',
    '    return amount * 0.9',
    '',
  ].join('\n'),
  'pkg/orders.py': [
    'from pkg.pricing import gross_price, legacy_discount',
    '',
    '',
    'def order_total(items):',
    '    return sum(gross_price(i) for i in items)',
    '',
    '',
    'def discounted_total(items):',
    '    return legacy_discount(order_total(items))',
    '',
  ].join('\n'),
  'pkg/report.py': ['from pkg.orders import order_total', '', '', 'def render(items):', '    return f"Total: {order_total(items)}"', ''].join('\n'),
};

// Head: net_price changed, bulk_price and bulk_total added, legacy_discount removed (still called!),
// a new module added.
const HEAD_FILES = {
  'pkg/pricing.py': [
    'TAX = 0.2',
    '',
    '',
    'def net_price(amount):',
    '    """Prices are kept to the cent, rounding half up."""',
    '    return int(amount * 100 + 0.5) / 100',
    '',
    '',
    'def gross_price(amount):',
    '    return net_price(amount) * (1 + TAX)',
    '',
    '',
    'def bulk_price(amount, count):',
    '    return gross_price(amount) * count * 0.95',
    '',
  ].join('\n'),
  'pkg/orders.py': [
    'from pkg.pricing import bulk_price, gross_price, legacy_discount',
    '',
    '',
    'def order_total(items):',
    '    return sum(gross_price(i) for i in items)',
    '',
    '',
    'def discounted_total(items):',
    '    return legacy_discount(order_total(items))',
    '',
    '',
    'def bulk_total(items, count):',
    '    return sum(bulk_price(i, count) for i in items)',
    '',
  ].join('\n'),
  'pkg/export.py': ['from pkg.orders import order_total', '', '', 'def export_csv(items):', '    return f"total,{order_total(items)}"', ''].join('\n'),
};

let gh: FakeGitHub;
let actionDir: string;
let repo: GitRepo;
let baseSha: string;
let headSha: string;
let runNumber = 0;

function env(): Record<string, string> {
  runNumber++;
  return gh.runnerEnv({ runId: `run-${runNumber}`, jobId: `job-${runNumber}` });
}

function prRun(inputs: Record<string, string>, pr: { number: number; base: string; head: string; action?: 'opened' | 'synchronize'; fork?: boolean }, workspace = repo.dir) {
  return runAction({
    actionDir,
    workspace,
    eventName: 'pull_request',
    event: pullRequestEvent(
      { owner: OWNER, repo: REPO },
      { number: pr.number, title: 'Round prices @octocat <b>now</b>', baseSha: pr.base, headSha: pr.head, action: pr.action ?? 'opened', fork: pr.fork ?? false },
    ),
    inputs: { 'github-token': TOKEN, ...inputs },
    env: env(),
  });
}

function expectOk(run: ActionRun): void {
  if (run.code !== 0) throw new Error(`action failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
}

function artifactFiles(id: string): Map<string, Buffer> {
  const artifact = gh.artifacts.find((a) => String(a.id) === id);
  expect(artifact?.finalized).toBe(true);
  return readZip(artifact!.bytes!);
}

beforeAll(async () => {
  node24();
  actionDir = bareCopy(['index']);
  gh = await new FakeGitHub({ owner: OWNER, repo: REPO, token: TOKEN, runtimeToken: fakeRuntimeToken('run-0', 'job-0') }).start();
  repo = new GitRepo();
  baseSha = repo.commit('base', BASE_FILES);
  headSha = repo.commit('change pricing', HEAD_FILES);
});

checkRequestsAndClose(() => gh);

describe('the action bundle on a pull_request event', () => {
  it('is a bare copy: dist/ and action.yml only, no node_modules', () => {
    expect(existsSync(join(actionDir, 'node_modules'))).toBe(false);
    expect(existsSync(join(actionDir, 'dist/index.js'))).toBe(true);
    expect(existsSync(join(actionDir, 'dist/tree-sitter.wasm'))).toBe(true);
    expect(existsSync(join(actionDir, 'dist/tree-sitter-python.wasm'))).toBe(true);
    expect(existsSync(join(actionDir, 'dist/o200k_base.ranks'))).toBe(true);
  });

  it('creates the comment, uploads the artifact, writes the summary and every output', async () => {
    const run = await prRun({}, { number: 12, base: baseSha, head: headSha });
    expectOk(run);
    const comments = gh.commentsOn(12);
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body.startsWith(`${MARKER}\n`)).toBe(true);
    for (const id of ['pkg.pricing.net_price', 'pkg.pricing.bulk_price', 'pkg.pricing.legacy_discount', 'pkg.orders.bulk_total', 'pkg.export.export_csv']) {
      expect(body).toContain(id);
    }
    expect(body).toContain('return int(amount * 100 + 0.5) / 100'); // the changed code itself
    // The removed function is still called in head: the reviewer is told where.
    expect(body).toMatch(/\*\*Removed but still called:\*\* `pkg\.pricing\.legacy_discount`/);
    expect(body).toContain('`pkg/orders.py:9` in `pkg.orders.discounted_total`');
    expect(body).not.toMatch(/(^|[^\w`])@octocat/m); // the PR title cannot ping
    expect(body).not.toContain('<b>');

    const o = run.outputs;
    expect(Object.keys(o).sort()).toEqual(
      ['artifact-id', 'budget', 'changed-symbols', 'comment-id', 'comment-url', 'digest-path', 'gate', 'json-path', 'packed-symbols', 'skipped-symbols', 'tests', 'tests-json', 'tests-must-run', 'total-tokens'].sort(),
    );
    // Both test tiers: the must-run files are a superset of the most-likely ids' files, with ready commands.
    const tiers = JSON.parse(o['tests-json']!) as { mustRun: { files: string[]; command: string | null }; mostLikely: { nodeIds: string[]; command: string | null } };
    expect(o['tests-must-run']).toBe(tiers.mustRun.files.join(' '));
    for (const id of tiers.mostLikely.nodeIds) expect(tiers.mustRun.files).toContain(id.split('::')[0]);
    if (tiers.mustRun.files.length > 0) expect(tiers.mustRun.command).toBe(`python -m pytest ${tiers.mustRun.files.join(' ')}`);
    expect(o['comment-id']).toBe(String(comments[0]!.id));
    expect(o['comment-url']).toBe(`https://github.com/${OWNER}/${REPO}/pull/12#issuecomment-${comments[0]!.id}`);
    expect(o['budget']).toBe('8000');
    expect(Number(o['total-tokens'])).toBeGreaterThan(0);
    expect(Number(o['total-tokens'])).toBeLessThanOrEqual(8000);
    expect(Number(o['changed-symbols'])).toBeGreaterThanOrEqual(5);
    expect(Number(o['packed-symbols'])).toBeGreaterThanOrEqual(4);
    expect(o['skipped-symbols']).toMatch(/^\d+$/);

    const digest = readFileSync(o['digest-path']!, 'utf8');
    const json = readFileSync(o['json-path']!, 'utf8');
    // The marker, the run key that orders concurrent runs, then the digest byte for byte (the renderer
    // already escaped the PR title, so the neutraliser has nothing to change in our own output but the
    // PR's own number, a reference it breaks like any other), then [viewer] where graph.html is, with
    // its link to the artifact (our own markdown, added after the neutraliser).
    const viewer = `\n\n**Interactive call graph:** \`graph.html\` in the [\`repodigest\` artifact](https://github.com/${OWNER}/${REPO}/actions/runs/`;
    expect(body).toContain(viewer);
    const note = body.slice(body.indexOf('\n\n**Interactive call graph:**'));
    const shown = digest.replace('## RepoDigest · PR #12', '## RepoDigest · PR #\u200b12');
    expect(shown).not.toBe(digest);
    expect(body).toBe(`${MARKER}\n<!-- repodigest-run:${run.env['GITHUB_RUN_ID']}.0 -->\n${shown}${note}`);
    expect(JSON.parse(json)).toBeTypeOf('object');
    const files = artifactFiles(o['artifact-id']!);
    expect(files.get('digest.md')!.equals(readFileSync(o['digest-path']!))).toBe(true);
    expect(files.get('digest.json')!.equals(readFileSync(o['json-path']!))).toBe(true);

    expect(files.get('graph.html')!.toString('utf8')).toMatch(/^<!doctype html>/);
    expect(note).toContain(`/artifacts/${o['artifact-id']})`);
    expect(run.summary).toBe(`${shown}${note}\n`);
    expect(run.stdout).not.toMatch(/::(warning|error)::/);
  });

  it('updates the same comment on the next push instead of adding one', async () => {
    const before = gh.commentsOn(12)[0]!;
    const pushed = repo.commit('tax change', { 'pkg/pricing.py': HEAD_FILES['pkg/pricing.py'].replace('(1 + TAX)', '(1 + TAX + 0.01)') });
    const run = await prRun({}, { number: 12, base: baseSha, head: pushed, action: 'synchronize' });
    expectOk(run);
    const comments = gh.commentsOn(12);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(before.id);
    expect(comments[0]!.body).toContain('(1 + TAX + 0.01)');
    expect(run.outputs['comment-id']).toBe(String(before.id));
    const writes = gh.requests.filter((r) => r.path.includes('/issues/') && r.method !== 'GET').map((r) => r.method);
    expect(writes).toEqual(['POST', 'PATCH']);
  });

  it('a 403 on commenting (fork PR, read-only token) is a warning; summary, artifact and outputs still happen', async () => {
    gh.failCreateComment = 403;
    try {
      const run = await prRun({}, { number: 13, base: baseSha, head: headSha, fork: true });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^::warning::Could not comment on PR #13: this PR comes from a fork.*Resource not accessible by integration/m);
      expect(gh.commentsOn(13)).toHaveLength(0);
      expect(run.outputs['comment-id']).toBe('');
      expect(run.outputs['artifact-id']).toMatch(/^\d+$/);
      expect(run.summary).toContain('pkg.pricing.bulk_price');
    } finally {
      gh.failCreateComment = undefined;
    }
  });

  it('fails the step with one line naming a bad input', async () => {
    const run = await prRun({ budget: 'abc' }, { number: 14, base: baseSha, head: headSha });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("::error::Invalid input 'budget': 'abc'. Expected a positive integer.");
    expect(gh.commentsOn(14)).toHaveLength(0);
  });
});

describe('without a git checkout', () => {
  it('falls back to the pulls.listFiles REST API and says the result is incomplete', async () => {
    // The head tree as plain files: git cannot answer, so the changed files come from the API.
    const plain = mkdtempSync(join(tmpdir(), 'repodigest-nogit-'));
    for (const path of repo.git('ls-tree', '-r', '--name-only', headSha).split('\n')) {
      mkdirSync(dirname(join(plain, path)), { recursive: true });
      writeFileSync(join(plain, path), `${repo.git('show', `${headSha}:${path}`)}\n`);
    }
    const status: Record<string, 'added' | 'modified' | 'removed'> = { A: 'added', M: 'modified', D: 'removed' };
    gh.setPullFiles(
      15,
      repo
        .git('diff', '--name-status', baseSha, headSha)
        .split('\n')
        .map((line) => {
          const [code, filename] = line.split('\t') as [string, string];
          const diff = repo.git('diff', baseSha, headSha, '--', filename);
          return { filename, status: status[code]!, additions: 1, deletions: 1, patch: diff.slice(diff.indexOf('@@')) };
        }),
    );
    const run = await prRun({}, { number: 15, base: baseSha, head: headSha }, plain);
    expectOk(run);
    expect(gh.requests.some((r) => r.path === `/repos/${OWNER}/${REPO}/pulls/15/files` && r.query['per_page'] === '100')).toBe(true);
    expect(run.stdout).toMatch(/^::warning::The list of changes is incomplete: .*git could not answer/m);
    const body = gh.commentsOn(15)[0]!.body;
    expect(body).toContain('pkg.pricing.net_price');
    expect(body).toContain('pkg.pricing.bulk_price');
  });
});

describe('an oversize digest', () => {
  it('is trimmed under the comment limit by whole symbols while the artifact keeps it all', async () => {
    const big = new GitRepo();
    const helpers = Array.from({ length: 60 }, (_, i) =>
      [`def helper_${i}(rows):`, `    """Helper ${i}."""`, ...Array.from({ length: 40 }, (_, k) => `    rows = [r * ${k + 1} + ${i} for r in rows]  # pass ${k}`), '    return rows', ''].join('\n'),
    );
    const calls = (extra: string) => ['def hub(rows):', ...Array.from({ length: 60 }, (_, i) => `    rows = helper_${i}(rows)`), `    return rows${extra}`, ''].join('\n');
    const base = big.commit('base', { 'big/__init__.py': '', 'big/work.py': `${helpers.join('\n\n')}\n\n${calls('')}` });
    const head = big.commit('change hub', { 'big/work.py': `${helpers.join('\n\n')}\n\n${calls(' or []')}` });
    const run = await prRun({ budget: '200000' }, { number: 20, base, head }, big.dir);
    expectOk(run);
    const digest = readFileSync(run.outputs['digest-path']!, 'utf8');
    expect(digest.length).toBeGreaterThan(100_000);
    const body = gh.commentsOn(20)[0]!.body;
    expect(body.length).toBeLessThanOrEqual(65_000);
    expect(body.length).toBeLessThan(65_536);
    expect(body).toMatch(/\*\*Trimmed:\*\* \d+ of \d+ symbols of the packed context are not shown/);
    expect(body).toContain(`/artifacts/${run.outputs['artifact-id']}`);
    expect(body).toContain('def hub(rows):');
    expect(artifactFiles(run.outputs['artifact-id']!).get('digest.md')!.toString('utf8')).toBe(digest);
  });
});

describe('workflow_dispatch and the two-workflow pattern', () => {
  it('answers a query and comments on the given PR', async () => {
    const run = await runAction({
      actionDir,
      workspace: repo.dir,
      eventName: 'workflow_dispatch',
      event: workflowDispatchEvent({ owner: OWNER, repo: REPO }, { query: 'bulk price' }),
      inputs: { 'github-token': TOKEN, query: 'bulk price', 'pr-number': '30', 'comment-key': 'query' },
      env: env(),
    });
    expectOk(run);
    const [comment] = gh.commentsOn(30);
    expect(comment!.body.startsWith('<!-- repodigest:query -->\n')).toBe(true);
    expect(comment!.body).toContain('### `bulk_price`');
  });

  it('posts an existing digest (post-digest) for the run it came from, neutralising what it cannot trust', async () => {
    const digestPath = join(repo.dir, 'posted.md');
    writeFileSync(digestPath, '# Digest from a fork\n\nHi @maintainer <img src=x onerror=alert(1)>\n\n```python\nx = "@kept <b>"\n```\n');
    gh.setPull(31, { title: 'from a fork', baseSha, headSha });
    const workflowRun = (sha: string) => ({
      action: 'completed',
      workflow_run: { head_sha: sha, pull_requests: [] }, // fork PRs are not listed here: hence pr-number
      repository: { name: REPO, owner: { login: OWNER } },
    });
    const post = (sha: string, pr: string) =>
      runAction({
        actionDir,
        workspace: repo.dir,
        eventName: 'workflow_run',
        event: workflowRun(sha),
        inputs: { 'github-token': TOKEN, 'post-digest': 'posted.md', 'pr-number': pr, artifact: 'false' },
        env: env(),
      });

    const run = await post(headSha, '31');
    expectOk(run);
    const body = gh.commentsOn(31)[0]!.body;
    expect(body).toContain('Hi @\u200bmaintainer <\u200bimg');
    expect(body).toContain('x = "@kept <b>"');
    expect(run.outputs['digest-path']).toBe(digestPath);
    expect(run.outputs['artifact-id']).toBe('');

    // A pr-number that does not belong to the run (forged in the artifact, or the PR moved on): nothing posted.
    const forged = await post(baseSha, '31');
    expectOk(forged);
    expect(forged.stdout).toMatch(/^::warning::Not commenting on PR #31: its head is [0-9a-f]{12}, but the digest was made for [0-9a-f]{12}/m);
    const unknown = await post(headSha, '99');
    expect(unknown.stdout).toMatch(/^::warning::Not commenting on PR #99: no pull request #99/m);
    expect(gh.commentsOn(99)).toHaveLength(0);
    expect(gh.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/${gh.commentsOn(31)[0]!.id}`))).toHaveLength(0);
  });

  it('posts a hostile digest file with no mention, raw HTML, link, image or reference, in the comment and the summary', async () => {
    const digestPath = join(repo.dir, 'hostile.md');
    writeFileSync(
      digestPath,
      ' ```\n```\nHi @octocat <img src=x> <details open>\n```\n_@octocat_ &#64;octocat &commat;octocat </details>\n\n' +
        '[clk](https://evil.example) ![img](https://evil.example/p.png) [ref][r] www.evil.example https://evil.example a@b.co #1 owner/repo#2 GH-3\n\n' +
        '- [ ] box\n\n[r]: https://evil.example\n',
    );
    gh.setPull(32, { title: 'from a fork', baseSha, headSha });
    const run = await runAction({
      actionDir,
      workspace: repo.dir,
      eventName: 'workflow_run',
      event: { action: 'completed', workflow_run: { head_sha: headSha, pull_requests: [] }, repository: { name: REPO, owner: { login: OWNER } } },
      inputs: { 'github-token': TOKEN, 'post-digest': 'hostile.md', 'pr-number': '32', artifact: 'false' },
      env: env(),
    });
    expectOk(run);
    const body = gh.commentsOn(32)[0]!.body;
    const shown = body.split('\n').slice(2).join('\n'); // after our marker and run key
    for (const text of [shown, run.summary]) {
      for (const finding of renderFindings(text)) expect(finding).toEqual({ renderer: finding.renderer, rawHtml: false, mentions: [] });
      expect(inertFindings(cmarkGfm(text))).toEqual([]);
    }
  });

  it('skips the artifact with a warning outside a runner (no runtime token)', async () => {
    const e = env();
    delete (e as Record<string, string | undefined>)['ACTIONS_RUNTIME_TOKEN'];
    const run = await runAction({
      actionDir,
      workspace: repo.dir,
      eventName: 'workflow_dispatch',
      event: workflowDispatchEvent({ owner: OWNER, repo: REPO }),
      inputs: { 'github-token': TOKEN, entry: 'pkg.orders.order_total', comment: 'false' },
      env: e,
    });
    expectOk(run);
    expect(run.stdout).toMatch(/^::warning::Artifact upload skipped: ACTIONS_RUNTIME_TOKEN not set/m);
    expect(readFileSync(run.outputs['digest-path']!, 'utf8')).toContain('def order_total(items):');
  });
});

describe('the CLI bundle', () => {
  it('runs from a bare copy', () => {
    const dir = bareCopy(['cli']);
    const result = runCli(dir, ['--help'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: repodigest/);
  });
});
