import { describe, expect, it } from 'vitest';
import { resolveAbsoluteModule, resolveFromModule, resolvePlainImport } from '../../src/graph/imports.js';
import { buildModuleTable, detectSourceRoots } from '../../src/graph/sourceRoots.js';
import { extractProject } from './projectHelpers.js';

describe('detectSourceRoots', () => {
  it('finds the scan root, src/, and the parents of top-level packages', () => {
    expect(
      detectSourceRoots([
        'setup.py',
        'src/flask/__init__.py',
        'src/flask/app.py',
        'libs/vendored/__init__.py',
        'pkg/__init__.py',
        'pkg/sub/__init__.py',
        'tests/test_app.py',
      ]),
    ).toEqual(['', 'libs', 'src']);
  });

  it('counts src/ as a root even when it only holds namespace packages', () => {
    expect(detectSourceRoots(['src/ns/mod.py'])).toEqual(['', 'src']);
  });
});

describe('import resolution through roots', () => {
  const project = {
    'src/flask/__init__.py': 'from .app import Flask\n',
    'src/flask/app.py': 'class Flask:\n    pass\n',
    'ns/tools/fmt.py': 'def pretty():\n    pass\n',
    'scripts/run.py': 'import helpers\n',
    'scripts/helpers.py': '',
    'tests/test_app.py': 'from flask.app import Flask\nfrom ..up import x\n',
  };

  it('maps import names to path-based module ids', async () => {
    const table = buildModuleTable(await extractProject(project));
    expect(resolveAbsoluteModule(table, 'tests/test_app.py', 'flask.app')).toEqual({ kind: 'module', id: 'src.flask.app', prefix: 'src' });
    expect(resolveAbsoluteModule(table, 'tests/test_app.py', 'ns.tools.fmt')).toMatchObject({ kind: 'module', id: 'ns.tools.fmt' });
    expect(resolveAbsoluteModule(table, 'scripts/run.py', 'helpers')).toMatchObject({ kind: 'module', id: 'scripts.helpers' });
    expect(resolveAbsoluteModule(table, 'tests/test_app.py', 'requests')).toEqual({ kind: 'ext' });
    expect(resolveAbsoluteModule(table, 'tests/test_app.py', 'flask.missing')).toEqual({ kind: 'unknown' });
  });

  it('binds `import a.b` to the top package from the same root, and resolves relative imports by directory', async () => {
    const table = buildModuleTable(await extractProject(project));
    expect(resolvePlainImport(table, 'tests/test_app.py', { kind: 'import', module: 'flask.app', line: 1 })).toEqual({
      name: 'flask',
      ref: { kind: 'module', id: 'src.flask', prefix: 'src' },
    });
    expect(resolveFromModule(table, 'src/flask/app.py', { kind: 'from', level: 1, module: '', name: 'x', line: 1 })).toMatchObject({ id: 'src.flask' });
    expect(resolveFromModule(table, 'tests/test_app.py', { kind: 'from', level: 3, module: 'up', name: 'x', line: 2 })).toEqual({ kind: 'unknown' });
  });
});
