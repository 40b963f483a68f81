// A PR's modified class is shown as its own changed lines, not its methods: it stands only for itself
// when the packer goes outward (rule in src/pack/expansion.ts). An added class is shown whole and still
// brings its methods' callees. Real git repository, real CLI, JSON digest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cliHarness.js';
import { makeRepo, removeTempDirs, type TestRepo } from '../support/testRepo.js';

interface Packed {
  id: string;
  mode: string;
  direction: string;
}

const heavyHelper = [
  'def heavy_helper(job):',
  '    """Normalises a job; long, and called only from Engine.run."""',
  ...Array.from({ length: 60 }, (_, i) => `    job = job.replace("field_${i}", "normalised_value_${i}")`),
  '    return job',
  '',
].join('\n');

const engine = (retries: number) =>
  [
    'from pkg.helpers import heavy_helper',
    '',
    '',
    'class Engine:',
    '    """Runs jobs."""',
    '',
    `    retries = ${retries}`,
    '',
    '    def run(self, job):',
    '        return heavy_helper(job)',
    '',
    '',
    'def start(job):',
    '    return Engine().run(job)',
    '',
  ].join('\n');

let repo: TestRepo;

beforeAll(() => {
  repo = makeRepo();
  repo.write({ 'pkg/__init__.py': '', 'pkg/helpers.py': heavyHelper, 'pkg/engine.py': engine(1) });
  repo.commit('base');
  repo.write({ 'pkg/engine.py': engine(3) });
  repo.commit('class attribute changed');
});

afterAll(removeTempDirs);

async function digest(budget: number): Promise<{ packed: Packed[] }> {
  const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', String(budget), '--format', 'json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('a modified class in a PR digest', () => {
  it("is expanded as itself: its methods' callees are not packed, its own callers are", async () => {
    const { packed } = await digest(6000);
    expect(packed.find((p) => p.id === 'pkg.engine.Engine')).toMatchObject({ mode: 'hunks', direction: 'root' });
    // Engine.run is not in the document, so neither is what it calls.
    expect(packed.map((p) => p.id)).not.toContain('pkg.helpers.heavy_helper');
    expect(packed.map((p) => p.id)).toContain('pkg.engine.start');
  });
});

describe('an added class in a PR digest', () => {
  it('is shown whole and brings its methods\' callees', async () => {
    const added = makeRepo();
    // Into a file that exists (a new file is shown whole, its classes inside it).
    added.write({ 'pkg/__init__.py': '', 'pkg/helpers.py': heavyHelper, 'pkg/engine.py': '# Engines.\n' });
    added.commit('base');
    added.write({ 'pkg/engine.py': `# Engines.\n${engine(1)}` });
    added.commit('class added');
    const run = await cli('pr', added.dir, '--base', 'HEAD~1', '--budget', '6000', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const packed: Packed[] = JSON.parse(run.stdout).packed;
    expect(packed.find((p) => p.id === 'pkg.engine.Engine')).toMatchObject({ mode: 'full', direction: 'root' });
    expect(packed.find((p) => p.id === 'pkg.helpers.heavy_helper')).toMatchObject({ direction: 'callee' });
  });
});
