// A PR that changes code and adds a test: in each hop, what the changed code reaches is offered before
// what only the changed test reaches (click 9f9b149e: the new test's `@click.command()` brought five
// `command` overloads, ~900 of 6,000 tokens, ahead of `echo`, which the new code calls).
import { afterAll, describe, expect, test } from 'vitest';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

const body = (name: string) => Array.from({ length: 12 }, (_, i) => `    ${name}_${i} = x + ${i}`).join('\n');
const LIB = (extra: string) => `def helper_code(x):
${body('h')}
    return x


def api_used_by_tests(x):
${body('a')}
    return x


def process(x):
    y = helper_code(x)
${extra}    return y
`;
// The test calls the API twice (more call sites: ranked first under "more call sites first" alone).
const TEST = `from lib import api_used_by_tests, process


def test_process():
    assert api_used_by_tests(1) == api_used_by_tests(1)
    assert process(1) == 1
`;

describe('repodigest pr: neighbours of changed code before those only a changed test reaches', () => {
  test("the changed code's callee is offered, and packed, before the test's", async () => {
    const repo = makeRepo();
    repo.write({ 'lib.py': LIB('') });
    repo.commit('base');
    repo.write({ 'lib.py': LIB('    y = y + 0\n'), 'tests/test_lib.py': TEST });
    repo.commit('head');
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '6000', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const packed: { id: string; hop: number; direction: string }[] = JSON.parse(run.stdout).packed;
    const ids = packed.map((p) => p.id);
    expect(packed.find((p) => p.id === 'lib.helper_code')).toMatchObject({ hop: 1, direction: 'callee' });
    expect(packed.find((p) => p.id === 'lib.api_used_by_tests')).toMatchObject({ hop: 1, direction: 'callee' });
    expect(ids.indexOf('lib.helper_code')).toBeLessThan(ids.indexOf('lib.api_used_by_tests'));
    // With room for one of the two, it is the changed code's callee.
    const full = JSON.parse(run.stdout).totalTokens as number;
    const tight = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', String(full - 60), '--format', 'json');
    const tightIds = (JSON.parse(tight.stdout).packed as { id: string }[]).map((p) => p.id);
    expect(tightIds).toContain('lib.helper_code');
    expect(tightIds).not.toContain('lib.api_used_by_tests');
  });
});

// click 047adef2: the new test constructs `Command` (a 2,761-token signature), which was packed in the
// callee hop ahead of the caller hop that held `UsageError.show`, a caller of the changed method.
const LIB2 = (change: string) => `def big_api(x):
${Array.from({ length: 40 }, (_, i) => `    x = x.replace("api_field_${i}", "api_value_${i}")`).join('\n')}
    return x


def changed_fn(x):
    return x${change}


def caller_fn(x):
${body('c')}
    return changed_fn(x)
`;
const TEST2 = `from lib import big_api, changed_fn


def test_changed():
    assert changed_fn(big_api("a")) == "a!"
`;

describe("repodigest pr: the changed code's callers before what only a changed test calls", () => {
  test('a caller of the changed code is offered, and packed, before a callee only the new test reaches', async () => {
    const repo = makeRepo();
    repo.write({ 'lib.py': LIB2('') });
    repo.commit('base');
    repo.write({ 'lib.py': LIB2(' + "!"'), 'tests/test_lib.py': TEST2 });
    repo.commit('head');
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '6000', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const packed: { id: string; hop: number; direction: string }[] = JSON.parse(run.stdout).packed;
    const ids = packed.map((p) => p.id);
    expect(packed.find((p) => p.id === 'lib.caller_fn')).toMatchObject({ hop: 1, direction: 'caller' });
    expect(packed.find((p) => p.id === 'lib.big_api')).toMatchObject({ hop: 1, direction: 'callee' });
    expect(ids.indexOf('lib.caller_fn')).toBeLessThan(ids.indexOf('lib.big_api'));
    // With room for one of the two, it is the changed code's caller.
    const full = JSON.parse(run.stdout).totalTokens as number;
    const tight = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', String(full - 60), '--format', 'json');
    expect(tight.code, tight.stderr).toBe(0);
    const tightIds = (JSON.parse(tight.stdout).packed as { id: string }[]).map((p) => p.id);
    expect(tightIds).toContain('lib.caller_fn');
    expect(tightIds).not.toContain('lib.big_api');
  });
});
