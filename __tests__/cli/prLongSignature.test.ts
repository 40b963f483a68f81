// A one-default change in a long signature (jinja e45bc745, `Environment.overlay`'s 22 parameters):
// the digest names the changed parameter, old -> new, with the unchanged ones folded into `…`, in the
// signature list and under the code heading; the JSON manifest keeps both headers whole. A long header
// whose every parameter changed folds to nothing: above its diff, whose `-`/`+` lines are that header,
// the note would say it a second time.
import { afterAll, describe, expect, test } from 'vitest';
import { signatureDelta } from '../../src/pr/signatureDelta.js';
import { cmarkGfm } from '../support/renderedMarkdown.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

const NAMES = ['block_start', 'block_end', 'variable_start', 'variable_end', 'comment_start', 'comment_end', 'line_prefix', 'trim_blocks', 'lstrip_blocks'];
const env = (asyncDefault: string) => `missing = object()


class Environment:
    def overlay(
        self,
${NAMES.map((n) => `        ${n}: str = missing,`).join('\n')}
        enable_async: bool = ${asyncDefault},
        cache_size: int = missing,
    ) -> "Environment":
        args = dict(locals())
        return args


def use(e):
    return e.overlay(trim_blocks="x")
`;

describe('repodigest pr: a long signature', () => {
  test('shows the changed parameter old -> new, the rest folded; JSON keeps the whole headers', async () => {
    const repo = makeRepo();
    repo.write({ 'env.py': env('False') });
    repo.commit('base');
    repo.write({ 'env.py': env('missing') });
    repo.commit('head');
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000');
    expect(run.code, run.stderr).toBe(0);
    const md = run.stdout;
    expect(md).toContain(
      '- `env.Environment.overlay`: `(…, enable_async: bool = False, …) -> "Environment"` -> `(…, enable_async: bool = missing, …) -> "Environment"` (`enable_async` default changed)',
    );
    expect(md).toContain('Signature changed: `def overlay(…, enable_async: bool = False, …) -> "Environment":` -> `def overlay(…, enable_async: bool = missing, …) -> "Environment":`');
    expect(md).not.toContain('block_start: str = missing, block_end');
    expect(cmarkGfm(md)).toContain('<code>(…, enable_async: bool = False, …) -&gt; &quot;Environment&quot;</code>');
    const json = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000', '--format', 'json');
    const body = JSON.parse(json.stdout);
    expect(body.signatures[0].before).toContain('block_start: str = missing, block_end: str = missing');
    expect(body.signatures[0].before).toContain('enable_async: bool = False');
  });
});

// httpx 1805ee0d: a comment between the parameters (`# Deprecated in favor of ...`) cut the old header
// there: the line showed neither the removed `cert` nor the closing `) -> None:`, and was not folded.
const client = (params: string) => `class Client:
    def __init__(
        self,
        *,
        auth: str | None = None,
        sep: str = "#",
        timeout: float = 5.0,
        retries: int = 3,
        user_agent: str = "client/1.0",
${params}
    ) -> None:  # the constructor
        self.auth = auth


def make():
    return Client(auth="x")
`;

describe('repodigest pr: a signature with a comment among its parameters', () => {
  test('the old header is whole, the comment left out', async () => {
    const repo = makeRepo();
    repo.write({ 'client.py': client('        ssl_context: object = None,\n        # Deprecated in favor of `ssl_context`...\n        verify: object = None,\n        cert: object = None,') });
    repo.commit('base');
    repo.write({ 'client.py': client('        verify: bool = True,') });
    repo.commit('head');
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Signature changed: `def __init__(…, ssl_context: object = None, verify: object = None, cert: object = None) -> None:` -> `def __init__(…, verify: bool = True) -> None:`',
    );
  });
});

describe('signatureDelta', () => {
  const long = (extra: string) => `def f(self, a: "te.Literal['\\n', '\\r\\n']" = x, ${'p: int = 1, '.repeat(14)}${extra}) -> None:`;
  test('keeps short headers whole, splits only top-level commas (strings and brackets hold theirs), folds both ends', () => {
    expect(signatureDelta('def f(a, b=1):', 'def f(a, b=2):')).toEqual({ before: 'def f(a, b=1):', after: 'def f(a, b=2):' });
    expect(signatureDelta(long('last: int = 1'), long('last: int = 2'))).toEqual({ before: 'def f(…, last: int = 1) -> None:', after: 'def f(…, last: int = 2) -> None:' });
    // A parameter removed at the end: nothing left between the folds but the fold itself.
    expect(signatureDelta(long('last: int = 1'), long('').replace(', ) ->', ') ->'))).toEqual({ before: 'def f(…, last: int = 1) -> None:', after: 'def f(…) -> None:' });
    const changedQuote = long('z').replace("'\\n', '\\r\\n'", "'\\n'");
    expect(signatureDelta(long('z'), changedQuote).after).toBe(`def f(…, a: "te.Literal['\\n']" = x, …) -> None:`);
  });
});

// starlette 2ff765327 (a typing sweep): every parameter's annotation rewritten, the body changed too.
const typed = (optional: (t: string) => string, factor: string) => `import typing


def scale(
    width: ${optional('int')} = None,
    height: ${optional('int')} = None,
    depth: ${optional('int')} = None,
    unit: ${optional('str')} = None,
    label: ${optional('str')} = None,
) -> ${optional('int')}:
    return (width or 0) * (height or 0) * (depth or 0) * ${factor}


def use():
    return scale(1, 2, 3)
`;

describe('repodigest pr: a long header whose every parameter changed', () => {
  test('its diff shows the change, with no note repeating both headers above it', async () => {
    const repo = makeRepo();
    repo.write({ 'geometry.py': typed((t) => `typing.Optional[${t}]`, '1') });
    repo.commit('base');
    repo.write({ 'geometry.py': typed((t) => `${t} | None`, '2') });
    repo.commit('head');
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '4000');
    expect(run.code, run.stderr).toBe(0);
    const block = run.stdout.slice(run.stdout.indexOf('### `scale` (function, full)'));
    expect(block, run.stdout).toMatch(/^### `scale` \(function, full\) — lines 4-11 · modified\n\n```diff\n/);
    expect(block).toContain('-    width: typing.Optional[int] = None,\n');
    expect(block).toContain('+    width: int | None = None,\n');
    expect(run.stdout).not.toContain('Signature changed');
  });
});
