// The must-run tier of test selection on real git repositories digested by the CLI: tests that reach
// the change where no call edge shows (an app handed in by `parametrize` and driven by a test client,
// a metaclass run when a class is defined), and pytest's own loading (conftest.py, pytest_plugins,
// packages' __init__.py). "Untested" is said only when neither tier holds a test.
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GitRepo } from '../support/gitRepo.js';
import { removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

interface TestsJson {
  tests: { nodeId: string }[];
  testsCommand: string | null;
  mustRun: { files: string[]; command: string | null; notes: string[] };
  untested: string[];
  changed: { id: string; changeClass?: string }[];
}

async function digest(repo: GitRepo, base: string): Promise<{ json: TestsJson; markdown: string }> {
  const run = async (format: string) => {
    let out = '';
    let err = '';
    const code = await runCli(['pr', repo.dir, '--base', base, '--format', format, '--budget', '8000', '--no-cache'], { stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
    expect(code, err).toBe(0);
    return out;
  };
  // The review's lists sit at the top level of the JSON digest, beside `changed`.
  return { json: JSON.parse(await run('json')) as TestsJson, markdown: await run('markdown') };
}

describe('must-run tests', () => {
  it('a parser reached only through an app handed to a test client by parametrize', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', {
      'web/__init__.py': '',
      'web/formparsers.py': 'class MultiPartParser:\n    def __init__(self, stream, max_part_size=1024):\n        self.stream = stream\n        self.max_part_size = max_part_size\n\n    def parse(self):\n        return self.stream[: self.max_part_size]\n',
      'web/requests.py': 'from web.formparsers import MultiPartParser\n\n\nclass Request:\n    def __init__(self, body):\n        self.body = body\n\n    def form(self):\n        return MultiPartParser(self.body).parse()\n',
      'web/testclient.py': 'class TestClient:\n    def __init__(self, app):\n        self.app = app\n\n    def post(self, body):\n        return self.app(body)\n',
      'tests/__init__.py': '',
      'tests/test_formparsers.py':
        'import pytest\n\nfrom web.requests import Request\nfrom web.testclient import TestClient\n\n\nasync def app(body):\n    return Request(body).form()\n\n\n@pytest.mark.parametrize("handler", [app])\ndef test_multipart_limit(handler):\n    client = TestClient(handler)\n    assert client.post(b"x" * 2000)\n',
      'tests/test_other.py': 'def test_nothing():\n    assert True\n',
    });
    repo.commit('limit', {
      'web/formparsers.py': 'class MultiPartParser:\n    def __init__(self, stream, max_part_size=1024 * 1024):\n        self.stream = stream\n        self.max_part_size = max_part_size\n\n    def parse(self):\n        return self.stream[: self.max_part_size]\n',
    });
    const { json, markdown } = await digest(repo, base);
    expect(json.mustRun.files).toEqual(['tests/test_formparsers.py']);
    expect(json.mustRun.command).toBe('python -m pytest tests/test_formparsers.py');
    expect(json.untested).toEqual([]);
    expect(json.changed.map((c) => [c.id, c.changeClass])).toEqual([['web.formparsers.MultiPartParser.__init__', 'signature']]);
    expect(markdown).toContain('Must run: 1 test file imports the changed code: `python -m pytest tests/test_formparsers.py`.');
  });

  it('a metaclass __new__ run when any schema class is defined', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', {
      'schema/__init__.py': 'from schema.meta import SchemaMeta\n',
      'schema/meta.py': 'class SchemaMeta(type):\n    def __new__(mcs, name, bases, ns):\n        ns["fields"] = [k for k in ns if not k.startswith("_")]\n        return super().__new__(mcs, name, bases, ns)\n',
      'tests/test_user.py': 'import schema\n\n\nclass User(metaclass=schema.SchemaMeta):\n    name = "x"\n\n\ndef test_fields():\n    assert User.fields == ["name"]\n',
    });
    repo.commit('fix', {
      'schema/meta.py': 'class SchemaMeta(type):\n    def __new__(mcs, name, bases, ns):\n        ns["fields"] = sorted(k for k in ns if not k.startswith("_"))\n        return super().__new__(mcs, name, bases, ns)\n',
    });
    const { json, markdown } = await digest(repo, base);
    expect(json.mustRun.files).toEqual(['tests/test_user.py']);
    expect(json.untested).toEqual([]);
    expect(markdown).not.toContain('no test reaches');
  });

  it("pytest's loading: a changed conftest, pytest_plugins, a package __init__, and what imports cannot show", async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', {
      'lib/__init__.py': 'VERSION = 1\n',
      'lib/core.py': 'def add(a, b):\n    return a + b\n',
      'plugins/__init__.py': '',
      'plugins/fixtures.py': 'import pytest\n\n\n@pytest.fixture\ndef number():\n    return 3\n',
      'tests/conftest.py': 'import pytest\n\n\n@pytest.fixture\ndef base():\n    return 1\n',
      'tests/unit/test_core.py': 'from lib.core import add\n\n\ndef test_add(base):\n    assert add(base, 1) == 2\n',
      'tests/unit/test_plugin.py': 'pytest_plugins = ["plugins.fixtures"]\n\n\ndef test_number(number):\n    assert number == 3\n',
      'tests/test_dynamic.py': 'import importlib\n\n\ndef test_loads():\n    assert importlib.import_module("lib.core").add(1, 1) == 2\n',
      'other_tests/test_free.py': 'def test_free():\n    assert True\n',
      'data/table.csv': 'a,b\n',
    });
    repo.commit('change', {
      'tests/conftest.py': 'import pytest\n\n\n@pytest.fixture\ndef base():\n    return 2\n',
      'plugins/fixtures.py': 'import pytest\n\n\n@pytest.fixture\ndef number():\n    return 4\n',
      'lib/__init__.py': 'VERSION = 2\n',
      'data/table.csv': 'a,b,c\n',
    });
    const { json } = await digest(repo, base);
    // conftest: every test under tests/; the plugin: the module naming it; lib/__init__.py: whoever imports lib.*
    expect(json.mustRun.files).toEqual(['tests/test_dynamic.py', 'tests/unit/test_core.py', 'tests/unit/test_plugin.py']);
    expect(json.mustRun.notes).toEqual([
      '1 test file loads modules by name at run time (importlib.import_module or __import__): what it loads is not followed',
      '1 changed file is not Python: no import reaches it, so tests that read it are not selected by this tier',
    ]);
  });

  it('a change no test imports is untested, in both tiers', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', {
      'tool/cli.py': 'def main():\n    return 0\n',
      'tests/test_x.py': 'def test_x():\n    assert True\n',
    });
    repo.commit('change', { 'tool/cli.py': 'def main():\n    return 1\n' });
    const { json, markdown } = await digest(repo, base);
    expect(json.mustRun.files).toEqual([]);
    expect(json.mustRun.command).toBeNull();
    expect(json.untested).toEqual(['tool.cli.main']);
    expect(markdown).toContain('No test reaches a changed symbol within 10 calls or imports its module:');
  });
});
