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
    expect(body.changed).toEqual([
      { id: 'cli', file: 'cli.py', name: '', change: 'added' },
      { id: 'cli.main', file: 'cli.py', name: 'main', change: 'added' },
      { id: 'reporting', file: 'reporting.py', name: '', change: 'added' },
      { id: 'reporting.report', file: 'reporting.py', name: 'report', change: 'added' },
      { id: 'reports', file: 'reports.py', name: '', change: 'removed' },
      { id: 'reports.report', file: 'reports.py', name: 'report', change: 'removed' },
    ]);
    const content: string = body.content;
    expect(content).not.toContain('_No Python symbols changed._');
    // main.run still calls (and main imports) reports.report; cli only imports it and the module.
    expect(content).toContain(
      [
        '- **Removed but still called:** `reports.report`, 1 call site, 2 imports:',
        '  - `main.py:6` in `main.run`',
        '  - `cli.py:1` in `cli` (import)',
        '  - `main.py:2` in `main` (import)',
      ].join('\n'),
    );
    expect(content).toContain(['- **Removed but still imported:** `reports`, 1 import:', '  - `cli.py:2` in `cli` (import)'].join('\n'));
  });
});
