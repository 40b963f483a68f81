// The Action's review features end to end: the real dist/index.js (bare copy, Node 24) on a real git
// repository against the loopback GitHub stand-in: the `tests` output, `fail-on: breaking` failing
// the step only after the comment, artifact and outputs are delivered, and redaction in the comment.
import { beforeAll, describe, expect, it } from 'vitest';
import { bareCopy, node24, runAction } from '../support/bareAction.js';
import { pullRequestEvent } from '../support/events.js';
import { FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';
import { checkRequestsAndClose } from '../support/fakeGitHubHooks.js';
import { GitRepo } from '../support/gitRepo.js';

const OWNER = 'octo-org';
const REPO = 'shop';
const TOKEN = 'ghs_e2eToken';
// A fake key made of pieces, so this file does not itself look like it holds one.
const STRIPE = ['sk_', 'live_', '4eC39HqLyjWDarjtT1zdp7dc'].join('');

const BASE = {
  'pkg/__init__.py': '',
  'pkg/pricing.py': ['def net_price(amount, currency):', '    return round(amount, 2)', ''].join('\n'),
  'pkg/orders.py': ['from pkg.pricing import net_price', '', '', 'def order_total(items):', '    return sum(net_price(i, "EUR") for i in items)', ''].join('\n'),
  'pkg/billing.py': ['from pkg.pricing import net_price', '', '', 'def invoice(amount):', '    return net_price(amount, currency="EUR")', ''].join('\n'),
  'tests/test_orders.py': ['from pkg.orders import order_total', '', '', 'def test_total():', '    assert order_total([1, 2]) == 3', ''].join('\n'),
  'tests/test_other.py': ['def test_nothing():', '    assert True', ''].join('\n'),
};
// Head: `currency` becomes keyword-only. orders.py passes it by position (broken), billing.py by keyword (fine).
const HEAD = {
  'pkg/pricing.py': [`STRIPE_KEY = "${STRIPE}"`, '', '', 'def net_price(amount, *, currency):', '    return round(amount, 2)', ''].join('\n'),
};

let gh: FakeGitHub;
let actionDir: string;
let repo: GitRepo;
let baseSha: string;
let headSha: string;
let run = 0;

function prRun(inputs: Record<string, string>, number: number) {
  run++;
  return runAction({
    actionDir,
    workspace: repo.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ owner: OWNER, repo: REPO }, { number, title: 'Keyword-only currency', baseSha, headSha, action: 'opened', fork: false }),
    inputs: { 'github-token': TOKEN, ...inputs },
    env: gh.runnerEnv({ runId: `review-${run}`, jobId: `job-${run}` }),
  });
}

beforeAll(async () => {
  node24();
  actionDir = bareCopy(['index']);
  gh = await new FakeGitHub({ owner: OWNER, repo: REPO, token: TOKEN, runtimeToken: fakeRuntimeToken('review-0', 'job-0') }).start();
  repo = new GitRepo();
  baseSha = repo.commit('base', BASE);
  headSha = repo.commit('keyword-only currency', HEAD);
});

checkRequestsAndClose(() => gh);

describe('the review in the action bundle', () => {
  it('outputs the tests that reach the change and shows the broken call site first; fail-on none passes', async () => {
    const result = await prRun({}, 21);
    expect(result.code).toBe(0);
    expect(result.outputs['gate']).toBe('');
    expect(result.outputs['tests']).toBe('tests/test_orders.py::test_total');
    const body = gh.commentsOn(21)[0]!.body;
    const breaking = body.indexOf('### Breaking call sites');
    expect(breaking).toBeGreaterThan(0);
    expect(breaking).toBeLessThan(body.indexOf('```python'));
    expect(body).toContain(
      '- likely broken: `pkg/orders.py:5` in `pkg.orders.order_total`: passes 2 positional arguments; `net_price` takes at most 1',
    );
    // The keyword call in billing.py still binds: not in the section (it is still listed as a call site further down).
    const section = body.slice(breaking, body.indexOf('\n### ', breaking + 1));
    expect(section).not.toContain('pkg/billing.py');
    expect(body).toContain('`tests/test_orders.py::test_total`');
    // The key in the changed module never reaches the comment.
    expect(body).not.toContain(STRIPE);
    expect(body).toContain('STRIPE_KEY = "<redacted: stripe-key>"');
    expect(body).toMatch(/Redacted\\?: 1 secret in the analysed code/);
  });

  it('fail-on: breaking fails the step after delivering the digest, naming the site', async () => {
    const result = await prRun({ 'fail-on': 'breaking' }, 22);
    expect(result.code).toBe(3);
    expect(result.outputs['gate']).toBe('failed');
    expect(result.stdout).toContain(
      '::error::1 call site likely broken by this change: pkg/orders.py:5 in pkg.orders.order_total (passes 2 positional arguments; net_price takes at most 1).',
    );
    expect(gh.commentsOn(22)).toHaveLength(1);
    expect(result.outputs['tests']).toBe('tests/test_orders.py::test_total');
    expect(result.outputs['comment-id']).toMatch(/^\d+$/);
  });

  it('redact: false keeps the code as written; a bad fail-on value is one line', async () => {
    const kept = await prRun({ redact: 'false' }, 23);
    expect(kept.code).toBe(0);
    expect(gh.commentsOn(23)[0]!.body).toContain(STRIPE);
    const bad = await prRun({ 'fail-on': 'always' }, 24);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("::error::Invalid input 'fail-on': 'always'. Expected one of: none, breaking.");
  });
});
