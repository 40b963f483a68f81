// A renamed module is a removal plus an addition: ids follow paths, and whoever still imports or calls
// the old module is broken.
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';
import { monorepoPr } from './prScenario.js';

afterAll(removeTempDirs);

describe('repodigest pr with a renamed module', () => {
  test('reports the old ids removed and the new ones added, and flags what still calls or imports the old ones', async () => {
    const { repo } = monorepoPr();
    repo.git('mv', 'app/reports.py', 'app/reporting.py');
    // Only imports the old module's function, never calls it.
    repo.write({ 'app/cli.py': 'from reports import report\nimport reports\n\n\ndef main():\n    return 0\n' });
    repo.commit('rename reports.py to reporting.py; cli.py imports the old name');
    const run = await cli('pr', join(repo.dir, 'app'), '--base', 'HEAD~1', '--format', 'json', '--budget', '4000');
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout);
    const keys = (c: { id: string; file: string; name: string; change: string }) => ({ id: c.id, file: c.file, name: c.name, change: c.change });
    expect(body.changed.map(keys)).toEqual([
      { id: 'cli', file: 'cli.py', name: '', change: 'added' },
      { id: 'cli.main', file: 'cli.py', name: 'main', change: 'added' },
      { id: 'reporting', file: 'reporting.py', name: '', change: 'added' },
      { id: 'reporting.report', file: 'reporting.py', name: 'report', change: 'added' },
      { id: 'reports', file: 'reports.py', name: '', change: 'removed' },
      { id: 'reports.report', file: 'reports.py', name: 'report', change: 'removed' },
    ]);
    // The two ends of the move are linked (diff/moves.ts), and the function is shown once, at its new place.
    expect(body.changed.find((c: { id: string }) => c.id === 'reporting.report')).toMatchObject({ movedFrom: 'reports.report', moveKind: 'moved' });
    expect(body.changed.find((c: { id: string }) => c.id === 'reports.report')).toMatchObject({ movedTo: 'reporting.report', moveKind: 'moved' });
    expect(body.packed.map((p: { id: string }) => p.id)).not.toContain('reports.report');
    const content: string = body.content;
    expect(content).not.toContain('_No Python symbols changed._');
    // main.run still calls (and main imports) reports.report; cli only imports it and the module.
    expect(content).toContain(
      [
        '- **Removed but still called:** `reports.report` (now `reporting.report`), 1 call site, 2 imports:',
        '  - `cli.py:1` in `cli` (import)',
        '  - `main.py`:',
        '    - 2 in `main` (import)',
        '    - 6 in `run`',
      ].join('\n'),
    );
    expect(content).toContain(['- **Removed but still imported:** `reports`, 1 import:', '  - `cli.py:2` in `cli` (import)'].join('\n'));
  });
});
