// The on-demand PR digest (pipeline/onDemandPr.ts) must show exactly what the full-index digest shows:
// every PR fixture of the suite, both ways, in markdown, XML and JSON at several budgets, byte for byte
// (the only allowed difference, the count of symbols never considered, is checked apart: on these
// fixtures the packer's scan never stops early, so there is none).
//
// `reach` is a PR built for the selection rules: each file below is needed for its own reason, and no
// changed file imports it, so a rule that is missing leaves a file unparsed and the digest different.

import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { compareDigests } from '../../scripts/eval/ondemandCompare.js';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import type { PrDigestRequest } from '../../src/pr/request.js';
import { samplePrRepository } from '../cli/cliHarness.js';
import { buildPrFixture, type FixturePrName } from '../cli/prFixture.js';
import { monorepoPr } from '../cli/prScenario.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const BUDGETS = [600, 2500, 20000];
const packs = BUDGETS.flatMap((budget) => (['markdown', 'xml', 'json'] as const).map((format) => withPackDefaults({ budget, format })));

async function bothWays(request: Omit<PrDigestRequest, 'pack'>) {
  const onDemand = await preparePrPacks(request, packs);
  const full = await preparePrPacks({ ...request, fullIndex: true }, packs);
  return { onDemand, full };
}

async function expectSame(request: Omit<PrDigestRequest, 'pack'>) {
  const { onDemand, full } = await bothWays(request);
  expect(onDemand.stats.mode).toBe('on-demand');
  packs.forEach((p, i) => {
    const a = full.results[i]!.content;
    const b = onDemand.results[i]!.content;
    // The first differing line names the case when it fails.
    expect(compareDigests(a, b, p.format), `${p.format} at ${p.budget}`).toEqual({ verdict: 'identical' });
  });
  expect(onDemand.prepared.changed).toEqual(full.prepared.changed);
  expect(onDemand.prepared.review).toEqual(full.prepared.review);
  return onDemand.stats;
}

// Each file is needed for one reason; `filler/` is never needed.
const REACH_BASE: Record<string, string> = {
  'core/__init__.py': '',
  'core/engine.py': `from core.parts import Part


class Engine:
    def __init__(self, size):
        self.size = size

    def start(self, fuel):
        part = Part(fuel)
        return part.spin() + ignite(fuel)


def ignite(fuel):
    return fuel * 2
`,
  'core/parts.py': `class Part:
    def __init__(self, fuel):
        self.fuel = fuel

    def spin(self):
        return self.fuel
`,
  // Calls Engine.start through a typed receiver; imports nothing the PR touches by name of its file.
  'app/driver.py': `from core.engine import Engine


def drive(engine: Engine):
    return engine.start(3)


def build():
    return Engine(4)
`,
  // A subclass override (dispatch) in a file only the class name leads to.
  'app/turbo.py': `from core.engine import Engine


class TurboEngine(Engine):
    def start(self, fuel):
        return super().start(fuel) * 2
`,
  // A name-only callee: \`recorder.log_event\` is defined here, and nothing imports this file.
  'audit/recorder.py': `class EventRecorder:
    def log_event(self, what):
        return what
`,
  // A test two hops away, and an autouse fixture that reaches the change without naming it in the test.
  'tests/conftest.py': `import pytest
from core.engine import ignite


@pytest.fixture(autouse=True)
def warm_engine():
    return ignite(1)
`,
  'tests/test_far.py': `def test_nothing_named():
    assert True
`,
  'tests/test_drive.py': `from app.driver import drive


def test_drive():
    assert drive(None)
`,
  // A secret in a file nothing else needs: the digest's redaction count includes it.
  'ops/settings.py': `TOKEN = "ghp_${'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'}"\n`,
  'filler/a.py': 'def unrelated():\n    return 1\n',
  'filler/b.py': 'from filler.a import unrelated\n\n\ndef more():\n    return unrelated()\n',
};

function reachRepo() {
  const repo = makeRepo();
  repo.write(REACH_BASE);
  const base = repo.commit('base');
  repo.write({
    'core/engine.py': REACH_BASE['core/engine.py']!.replace('return part.spin() + ignite(fuel)', 'recorder.log_event("start")\n        return part.spin() + ignite(fuel) + 1').replace(
      'def ignite(fuel):\n    return fuel * 2',
      'def ignite(fuel, spark=1):\n    return fuel * 2 * spark',
    ),
  });
  const head = repo.commit('head');
  return { repo, base, head };
}

describe('the on-demand PR digest is the full-index digest', () => {
  test('on a PR whose context lies in files the change does not import (every selection rule)', async () => {
    const { repo, base, head } = reachRepo();
    const stats = await expectSame({ repoDir: repo.dir, base, head });
    // It did not parse everything: the filler is never needed.
    expect(stats.filesParsed).toBeLessThan(stats.filesTotal);
    const needed = ['app/driver.py', 'app/turbo.py', 'audit/recorder.py', 'core/engine.py', 'core/parts.py', 'ops/settings.py', 'tests/conftest.py', 'tests/test_drive.py', 'tests/test_far.py'];
    expect(stats.parsed).toEqual(expect.arrayContaining(needed));
    expect(stats.parsed!.filter((p) => p.startsWith('filler/'))).toEqual([]);
  }, 120_000);

  test('on every PR of the scripted history (__tests__/cli/prFixture.ts)', async () => {
    const fixture = buildPrFixture();
    for (const name of Object.keys(fixture.prs) as FixturePrName[]) {
      const pr = fixture.prs[name];
      fixture.repo.git('checkout', '-q', '--detach', pr.head);
      await expectSame({ repoDir: fixture.repo.dir, base: pr.base, head: pr.head });
    }
  }, 300_000);

  test('on the shipped sample PR (examples/shop + shop-pr.patch)', async () => {
    await expectSame({ repoDir: samplePrRepository(), base: 'HEAD~1', head: 'HEAD' });
  }, 120_000);

  test('on a monorepo subfolder PR (__tests__/cli/prScenario.ts)', async () => {
    const { repo } = monorepoPr();
    await expectSame({ repoDir: join(repo.dir, 'app'), base: 'main', head: 'HEAD' });
    await expectSame({ repoDir: repo.dir, base: 'main', head: 'HEAD' });
  }, 120_000);
});

describe('when a round needs nearly the whole tree', () => {
  test('every file is parsed at once, the next round is the last, and the digest is the full index one', async () => {
    // 240 modules that all call the changed helper: the first round wants every one of them.
    const repo = makeRepo();
    const files: Record<string, string> = { 'lib/helper.py': 'def helper(x):\n    return x + 1\n' };
    for (let i = 0; i < 240; i++) files[`mods/m${String(i).padStart(3, '0')}.py`] = `from lib.helper import helper\n\n\ndef use_${i}(v):\n    return helper(v) * ${i}\n`;
    repo.write(files);
    const base = repo.commit('base');
    repo.write({ 'lib/helper.py': 'def helper(x):\n    return x + 2\n' });
    const head = repo.commit('head');
    const stats = await expectSame({ repoDir: repo.dir, base, head });
    expect(stats.finishedWhole).toBe(true);
    expect(stats.filesParsed).toBe(stats.filesTotal);
    expect(stats.parsedPerRound).toEqual([1, 241]);
  }, 300_000);
});
