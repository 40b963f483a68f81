// Ids a Python developer recognises: a source-root layout's modules are named as Python imports them.
// The expected id of every file is written next to it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepoIndex } from '../../src/model.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { resolveTarget } from '../../src/pipeline/resolveTarget.js';
import { searchRepository } from '../../src/pipeline/searchRepository.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

const FILES: Record<string, string> = {
  // src/ layout: every file takes its import name.
  'src/flask/__init__.py': 'from .app import Flask\n', // flask
  'src/flask/app.py': 'from .helpers import url_for\n\n\nclass Flask:\n    def route(self, rule):\n        return url_for(rule)\n', // flask.app
  'src/flask/helpers.py': 'def url_for(endpoint):\n    return "/" + endpoint\n', // flask.helpers
  'src/tool.py': 'def main():\n    return 0\n', // tool
  // A package under another detected root (the parent of a top-level package): flaskr.db.
  'examples/tutorial/flaskr/__init__.py': '', // flaskr
  'examples/tutorial/flaskr/db.py': 'def get_db():\n    return None\n', // flaskr.db
  // A loose file beside it is found by path: examples.tutorial.setup.
  'examples/tutorial/setup.py': 'def setup():\n    return 1\n',
  // Tests stay path-based (tests/ is not a source root here).
  'tests/test_app.py': 'from flask.app import Flask\n\n\ndef test_route():\n    return Flask().route("x")\n', // tests.test_app
  // Two roots that would give one name: both keep their path ids (lib.shared, other.shared).
  'lib/shared/__init__.py': 'def one():\n    return 1\n',
  'other/shared/__init__.py': 'def two():\n    return 2\n',
};

let index: RepoIndex;
beforeAll(async () => {
  const dir = makeTempDir('repodigest-import-names-');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  index = await indexRepository(dir);
}, 60_000);
afterAll(() => removeTempDirs());

describe('import-name ids', () => {
  it('names modules as Python imports them; files keep their paths', () => {
    const modules = index.files.map((f) => `${f.path} ${f.module}`).sort();
    expect(modules).toEqual([
      'examples/tutorial/flaskr/__init__.py flaskr',
      'examples/tutorial/flaskr/db.py flaskr.db',
      'examples/tutorial/setup.py examples.tutorial.setup',
      'lib/shared/__init__.py lib.shared',
      'other/shared/__init__.py other.shared',
      'src/flask/__init__.py flask',
      'src/flask/app.py flask.app',
      'src/flask/helpers.py flask.helpers',
      'src/tool.py tool',
      'tests/test_app.py tests.test_app',
    ]);
    const flask = index.byId.get('flask.app.Flask.route');
    expect(flask && { file: flask.file, module: flask.module, parent: flask.parent }).toEqual({ file: 'src/flask/app.py', module: 'flask.app', parent: 'flask.app.Flask' });
    expect(index.symbols.filter((s) => s.id.startsWith('src.'))).toEqual([]);
  });

  it('the call graph uses the same ids, resolved as before', () => {
    const calls = index.edges.filter((e) => e.kind === 'calls').map((e) => `${e.from} -> ${e.to} ${e.resolution}`);
    expect(calls).toContain('flask.app.Flask.route -> flask.helpers.url_for resolved');
    expect(calls).toContain('tests.test_app.test_route -> flask.app.Flask.route resolved');
    expect(index.edges.filter((e) => e.from.startsWith('src.') || e.to.startsWith('src.'))).toEqual([]);
  });

  it('search returns import-name ids', () => {
    expect(searchRepository(index, 'url_for endpoint', 1)[0]?.id).toBe('flask.helpers.url_for');
  });

  it('an entry given by its path-based id still finds the symbol', () => {
    expect(resolveTarget(index, { entry: 'src.flask.app.Flask' })).toEqual({ roots: ['flask.app.Flask'], description: 'symbol flask.app.Flask (given as src.flask.app.Flask)' });
    expect(resolveTarget(index, { entry: 'flask.app.Flask' }).roots).toEqual(['flask.app.Flask']);
  });
});
