// A PR's modified module is shown as its changed lines: going outward it stands only for the calls on
// those lines, not for every call of its module-level code (rule in src/pack/expansion.ts, `calleesOn`;
// jinja 065334d1: an added import brought the decorators every filter of the module is wrapped in).
// Real git repository, real CLI, JSON digest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cliHarness.js';
import { makeRepo, removeTempDirs, type TestRepo } from '../support/testRepo.js';

interface Packed {
  id: string;
  mode: string;
  direction: string;
}

const REGISTRY = [
  'FILTERS = {}',
  '',
  '',
  'def register(fn):',
  '    """Adds a filter; long on purpose."""',
  ...Array.from({ length: 30 }, (_, i) => `    FILTERS["${'f'}${i}_" + fn.__name__] = fn`),
  '    return fn',
  '',
  '',
  'def load_config():',
  '    return {"debug": False}',
  '',
].join('\n');

const filters = (head: string, tail: string) =>
  [
    head,
    'from pkg.registry import load_config, register',
    '',
    '',
    '@register',
    'def upper(text):',
    '    return text.upper()',
    '',
    '',
    '@register',
    'def lower(text):',
    '    return text.lower()',
    '',
    tail,
  ].join('\n');

let repo: TestRepo;
let importOnly: string;
let configAdded: string;

beforeAll(() => {
  repo = makeRepo();
  repo.write({ 'pkg/__init__.py': '', 'pkg/registry.py': REGISTRY, 'pkg/filters.py': filters('', '') });
  repo.commit('base');
  repo.write({ 'pkg/filters.py': filters('import os', '') });
  importOnly = repo.commit('an import added');
  repo.write({ 'pkg/filters.py': filters('import os', 'CONFIG = load_config()\n') });
  configAdded = repo.commit('a module-level call added');
});

afterAll(removeTempDirs);

async function packed(head: string): Promise<Packed[]> {
  const run = await cli('pr', repo.dir, '--base', `${head}~1`, '--head', head, '--budget', '6000', '--format', 'json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).packed;
}

describe('a modified module in a PR digest', () => {
  it('does not bring what its unchanged module-level code calls (the decorators of its functions)', async () => {
    repo.git('checkout', '-q', importOnly);
    const items = await packed(importOnly);
    expect(items.find((p) => p.id === 'pkg.filters')).toMatchObject({ mode: 'hunks', direction: 'root' });
    expect(items.map((p) => p.id)).not.toContain('pkg.registry.register');
  });

  it('brings what its changed lines call', async () => {
    repo.git('checkout', '-q', configAdded);
    const items = await packed(configAdded);
    expect(items.find((p) => p.id === 'pkg.filters')).toMatchObject({ mode: 'hunks', direction: 'root' });
    expect(items.find((p) => p.id === 'pkg.registry.load_config')).toMatchObject({ direction: 'callee' });
    expect(items.map((p) => p.id)).not.toContain('pkg.registry.register');
  });
});
