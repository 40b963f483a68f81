// `.pyi` stubs in a pull request: calls written against a stub's declared signature (a package's
// typing tests) are not "likely broken" when the implementation takes other arguments; they are
// "check" where a changed signature is bound. Real git, the real CLI.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { digestOf, section } from './prShape.js';

afterAll(() => removeTempDirs());

// The attrs layout: `attrs.asdict` is `attr._next_gen.asdict` at run time, while the stubs declare
// `attrs.asdict` as `attr.asdict`, which takes `tuple_keys=`.
const PACKAGE = {
  'src/attr/__init__.py': 'from attr._funcs import asdict\n',
  'src/attr/__init__.pyi': 'def asdict(inst, recurse: bool = ..., tuple_keys: bool | None = ...) -> dict: ...\n',
  'src/attr/_funcs.py': 'def asdict(inst, recurse=True):\n    return {}\n',
  'src/attr/_next_gen.py': 'def asdict(inst, *, recurse=True):\n    return {}\n',
  'src/attrs/__init__.py': 'from attr._next_gen import asdict\n',
  'src/attrs/__init__.pyi': 'from attr import asdict as asdict\n',
  'typing_tests/__init__.py': '',
  'typing_tests/baseline.py': 'import attrs\n\n\ndef example(x):\n    return attrs.asdict(x)\n',
};

describe('a call written against a stub', () => {
  it('added in a typing-test file is not likely broken when only the stub accepts it', async () => {
    const head = {
      ...PACKAGE,
      'typing_tests/baseline.py': 'import attrs\n\n\ndef example(x):\n    return attrs.asdict(x)\n\n\ndef keys(x):\n    return attrs.asdict(x, tuple_keys=True)  # the stub accepts it\n',
    };
    const digest = await digestOf(PACKAGE, head, 8000);
    const breaking = section(digest.markdown, '### Breaking call sites');
    expect(breaking).not.toContain('likely broken:');
    expect(digest.markdown).not.toContain('tuple_keys=`, which');
  }, 60_000);

  it('is "check", naming the stub, only where the call did not bind before the change either', async () => {
    const files = {
      'app/__init__.py': '',
      'app/mod.pyi': 'def send(msg: str, to: str = ..., *, retries: int = ...) -> None: ...\n',
      'app/use.py': [
        'from app.mod import send',
        '',
        '',
        'def go():',
        '    send("m")  # likely broken: it bound before, the change adds the required `cc`',
        '    send("m", retries=2)  # check: never bound against the implementation; the stub accepts it',
        '',
      ].join('\n'),
    };
    const digest = await digestOf({ ...files, 'app/mod.py': 'def send(msg, to=None):\n    return msg\n' }, { ...files, 'app/mod.py': 'def send(msg, to=None, *, cc):\n    return msg\n' }, 8000);
    const lines = section(digest.markdown, '### Breaking call sites').split('\n').filter((l) => l.startsWith('- likely broken') || l.startsWith('- check'));
    expect(lines).toEqual([
      '- likely broken: `app/use.py:5` in `app.use.go`: missing required argument `cc` of `send`',
      '- check: `app/use.py:6` in `app.use.go`: passes `retries=`, which `send` does not accept; the stub `app/mod.pyi` declares a signature that accepts this call (type checkers pass it, Python does not)',
    ]);
  }, 60_000);
});
