// Issue 9, defect 5 (display): file names reached the CLI's stderr and table raw (a name could print
// a fake `error:` line or colours), bidi controls (U+202E) stayed in the `##`/`###` headings of
// packed code and became active `#8238;` entities in Mermaid labels. They are now shown as one
// visible, inert escape (`\n`, `\x1b`, `\u202e`).
import { describe, expect, it } from 'vitest';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { renderMermaid } from '../../src/pr/mermaid.js';
import { cli, tempTree } from './cliHarness.js';

const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

describe('hostile file names are shown escaped', () => {
  it('on stderr and in the graph table: no newline, ANSI escape or bidi control gets through', async () => {
    const root = tempTree({
      'fake\nerror: pwned.py': 'def f(:\n',
      'x\u001b[31mred.py': 'def g():\n    return 1\n',
      'evil\u202egnp.py': 'def h():\n    return 2\n',
    });
    const run = await cli('graph', root);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l !== '');
    expect(lines.every((l) => /^(note|skipped|warning) /.test(l))).toBe(true);
    expect(run.stderr).not.toMatch(/^error:/m);
    expect(run.stderr).toContain('note fake\\nerror: pwned.py: syntax errors: partially parsed (lines 1)');
    expect(ACTING.test(run.stderr)).toBe(false);
    expect(ACTING.test(run.stdout)).toBe(false);
    expect(run.stdout).toContain('x\\x1b[31mred.py');
    expect(run.stdout).toContain('evil\\u202egnp.py');
  });

  it('in the headings of packed code and in Mermaid labels', async () => {
    const root = tempTree({ 'evil\u202egnp.py': 'def h():\n    return 2\n\n\ndef k():\n    return h()\n' });
    const run = await cli('pack', root, '--entry', 'evil\u202egnp.k', '--budget', '2000');
    expect(run.code, run.stderr).toBe(0);
    const headings = run.stdout.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toContain('## `evil\\u202egnp.py`');
    expect(headings.some((h) => h.startsWith('### `k`'))).toBe(true);
    expect(headings.every((h) => !ACTING.test(h))).toBe(true);

    const adjacency = buildAdjacency([{ from: 'evil\u202egnp.k', to: 'evil\u202egnp.h', kind: 'calls', resolution: 'resolved', lines: [6] }]);
    const mermaid = renderMermaid([{ id: 'evil\u202egnp.h', file: 'evil\u202egnp.py', name: 'h', kind: 'function', change: 'modified', startLine: 1, endLine: 2 }] as never, adjacency);
    expect(mermaid).not.toContain('#8238;');
    expect(mermaid).toContain('evil#92;u202egnp.h');
  });
});
