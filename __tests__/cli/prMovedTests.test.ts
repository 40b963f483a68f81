// A test the PR removes or moves to another file is no test to run: httpx 7b19cd5f moved five tests from
// tests/test_utils.py to tests/client/test_headers.py, and the digest (and the Action's `tests` output)
// listed the five old node ids, which pytest no longer finds, beside the new ones.
import { afterAll, describe, expect, test } from 'vitest';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

const LIB = (factor: number) => `def redirect_headers(url):
    return {"Host": url.lower() * ${factor}}
`;

const SAME_ORIGIN = `def test_same_origin():
    from lib import redirect_headers
    assert redirect_headers("A")["Host"] == "a"
`;

const KEPT = `def test_kept():
    from lib import redirect_headers
    assert redirect_headers("B")
`;

describe('repodigest pr: tests moved to another file', () => {
  test('lists the moved tests at their new place only, not the node ids the PR removed', async () => {
    const repo = makeRepo();
    repo.write({ 'lib.py': LIB(1), 'tests/test_utils.py': `${KEPT}\n\n${SAME_ORIGIN}`, 'tests/test_headers.py': 'def test_other():\n    assert True\n' });
    repo.commit('base');
    repo.write({ 'lib.py': LIB(2), 'tests/test_utils.py': KEPT, 'tests/test_headers.py': `def test_other():\n    assert True\n\n\n${SAME_ORIGIN}` });
    repo.commit('head');
    const json = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000', '--format', 'json');
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { tests: { nodeId: string }[]; changed: { id: string; change: string }[] };
    expect(body.changed.filter((c) => c.change === 'removed').map((c) => c.id)).toEqual(['tests.test_utils.test_same_origin']);
    expect(body.tests.map((t) => t.nodeId)).toEqual(['tests/test_headers.py::test_same_origin', 'tests/test_utils.py::test_kept']);
    const md = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000');
    expect(md.stdout).not.toContain('tests/test_utils.py::test_same_origin');
  });
});
