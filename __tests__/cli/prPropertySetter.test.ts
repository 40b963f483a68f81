// A property's getter and setter share a qualified name (`Response.encoding`, then `Response.encoding#2`).
// httpx 41597adf changed one line in the getter's body: the digest compared the getter with the base's
// setter and reported "`value` removed", a breaking signature change that was not made.
import { afterAll, describe, expect, test } from 'vitest';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

const models = (known: string, setterParam: string) => `def ${known}(name):
    return name in ("utf-8", "ascii")


class Response:
    def __init__(self):
        self._encoding = None

    @property
    def encoding(self) -> str | None:
        if self._encoding is None or not ${known}(self._encoding):
            return "utf-8"
        return self._encoding

    @encoding.setter
    def encoding(self, ${setterParam}: str) -> None:
        self._encoding = ${setterParam}


def use(r: Response):
    r.encoding = "ascii"
    return r.encoding
`;

describe('repodigest pr: a property getter and its setter', () => {
  test("a change to the getter's body is not compared with the base's setter", async () => {
    const repo = makeRepo();
    repo.write({ 'models.py': models('is_known', 'value') });
    repo.commit('base');
    repo.write({ 'models.py': models('_is_known', 'value') });
    repo.commit('head');
    const json = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000', '--format', 'json');
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { signatures: { id: string }[]; changed: { id: string }[] };
    expect(body.changed.map((c) => c.id)).toContain('models.Response.encoding');
    expect(body.signatures).toEqual([]);
    const md = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000');
    expect(md.stdout).not.toContain('`value` removed');
    expect(md.stdout).toContain('No signature changed in a way that can break a call');
  });

  test("the setter's own signature change is still found, under its `#2` id", async () => {
    const repo = makeRepo();
    repo.write({ 'models.py': models('is_known', 'value') });
    repo.commit('base');
    repo.write({ 'models.py': models('is_known', 'new_value') });
    repo.commit('head');
    const json = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000', '--format', 'json');
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { signatures: { id: string; before: string; after: string }[] };
    expect(body.signatures.map((s) => [s.id, s.before, s.after])).toEqual([['models.Response.encoding#2', '(self, value: str) -> None', '(self, new_value: str) -> None']]);
  });
});
