// `pr --fail-on breaking` as a merge gate, over real two-commit git repositories: correct refactors
// pass it (exit 0), a change that breaks a direct call fails it with the gate's own exit code (3),
// distinct from a usage error (2) and any other failure (1).
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { type CliRun, cli } from './cliHarness.js';

afterAll(removeTempDirs);

async function gate(base: Record<string, string>, head: Record<string, string>, remove: string[] = []): Promise<CliRun & { breaking: { site: { file: string; line: number }; reason: string; certainty: string }[] }> {
  const repo = makeRepo();
  repo.write(base);
  repo.commit('base');
  if (remove.length > 0) repo.remove(...remove);
  repo.write(head);
  repo.commit('head');
  const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--format', 'json', '--budget', '20000', '--fail-on', 'breaking', '--quiet', '--no-cache');
  const breaking = run.stdout.startsWith('{') ? JSON.parse(run.stdout).breaking : [];
  return { ...run, breaking };
}

// A method replaced by an instance attribute holding one of two functions: `self._add_x(...)` still calls.
const ATTR_BASE = `class Builder:
    def __init__(self, safe):
        self.items = []
        self.safe = safe

    def _add_x(self, x):
        self.items.append(x)

    def build(self, xs):
        for x in xs:
            self._add_x(x)
        self._add_x(0)
        return self.items
`;

const ATTR_HEAD = `class Builder:
    def __init__(self, safe):
        self.items = []
        self.safe = safe
        self._add_x = self._add_x_safe if safe else self._add_x_unsafe

    def _add_x_safe(self, x):
        if x is not None:
            self.items.append(x)

    def _add_x_unsafe(self, x):
        self.items.append(x)

    def build(self, xs):
        for x in xs:
            self._add_x(x)
        self._add_x(0)
        return self.items
`;

// A class attribute holding a function replaces a method the same way.
const CLASS_ATTR_BASE = `class Codec:
    def encode(self, text):
        return text.encode()

    def run(self, text):
        return self.encode(text)
`;

const CLASS_ATTR_HEAD = `def _encode_utf8(self, text):
    return text.encode("utf-8")


class Codec:
    encode = _encode_utf8

    def run(self, text):
        return self.encode(text)
`;

// Lazy imports through a module `__getattr__`, removed with the module they imported; a subclass's
// override removed while its base class still defines the method.
const LAZY_BASE = {
  'pkg/__init__.py': `from .core import Base, Child


def __getattr__(name):
    if name == "OldThing":
        from .legacy import OldThing

        return OldThing
    if name == "old_helper":
        from .legacy import old_helper

        return old_helper
    raise AttributeError(name)
`,
  'pkg/legacy.py': `class OldThing:
    pass


def old_helper():
    return 1
`,
  'pkg/core.py': `class Base:
    def __init__(self):
        self.data = {}

    def update(self, other):
        self.data.update(other.data)

    def copy(self):
        rv = self.__class__()
        rv.update(self)
        return rv


class Child(Base):
    def update(self, other):
        super().update(other)
        self.data["n"] = len(other.data)


def merged(other):
    rv = Child()
    rv.update(other)
    return rv
`,
};

const LAZY_HEAD = {
  'pkg/__init__.py': `from .core import Base, Child
`,
  'pkg/core.py': `class Base:
    def __init__(self):
        self.data = {}

    def update(self, other):
        self.data.update(other.data)

    def copy(self):
        rv = self.__class__()
        rv.update(self)
        return rv


class Child(Base):
    pass


def merged(other):
    rv = Child()
    rv.update(other)
    return rv
`,
};

// A keyword-only parameter removed from a constructor that a direct call still passes.
const PARSER_BASE = `class BaseParser:
    def parse(self, headers, stream, max_fields=None):
        parser = Parser(headers, stream, max_fields=max_fields, charset="utf-8")
        return parser.run()


class Parser(BaseParser):
    def __init__(self, headers, stream, *, max_fields=None, charset="utf-8"):
        self.headers = headers
        self.stream = stream
        self.max_fields = max_fields
        self.charset = charset

    def run(self):
        return self.stream
`;

const PARSER_HEAD = `class BaseParser:
    def parse(self, headers, stream, max_fields=None):
        parser = Parser(headers, stream, max_fields=max_fields, charset="utf-8")
        return parser.run()


class Parser(BaseParser):
    def __init__(self, headers, stream, *, charset="utf-8"):
        self.headers = headers
        self.stream = stream
        self.charset = charset

    def run(self):
        return self.stream
`;

// A method removed with nothing left to answer it, and a function removed from a module whose
// `__getattr__` may still serve the name.
const GONE_BASE = {
  'shop/__init__.py': '',
  'shop/cart.py': `class Cart:
    def total(self):
        return 1

    def legacy_total(self):
        return self.total()


def lookup(name):
    return name


def __getattr__(name):
    return lookup(name)


def old_price():
    return 2
`,
  'shop/use.py': `from shop.cart import Cart, old_price


def run():
    return Cart().legacy_total()


def price():
    return old_price()
`,
};

const GONE_HEAD = {
  'shop/cart.py': `class Cart:
    def total(self):
        return 1


def lookup(name):
    return name


def __getattr__(name):
    return lookup(name)
`,
};

describe('pr --fail-on breaking as a merge gate', () => {
  it('passes a method replaced by an instance attribute holding a function', async () => {
    const run = await gate({ 'builder.py': ATTR_BASE }, { 'builder.py': ATTR_HEAD });
    expect(run.stderr).not.toContain('likely broken');
    expect(run.breaking.filter((b) => b.certainty === 'broken')).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('passes a method replaced by a class attribute holding a function', async () => {
    const run = await gate({ 'codec.py': CLASS_ATTR_BASE }, { 'codec.py': CLASS_ATTR_HEAD });
    expect(run.breaking.filter((b) => b.certainty === 'broken')).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('passes removing a lazy-import __getattr__ with its module, and an override the base still defines', async () => {
    const run = await gate(LAZY_BASE, LAZY_HEAD, ['pkg/legacy.py']);
    expect(run.breaking).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('fails with exit code 3 when a direct constructor call passes a removed keyword-only parameter', async () => {
    const run = await gate({ 'parser.py': PARSER_BASE }, { 'parser.py': PARSER_HEAD });
    const site = run.breaking.find((b) => b.site.file === 'parser.py' && b.site.line === 3);
    expect(site?.certainty).toBe('broken');
    expect(site?.reason).toContain('max_fields');
    expect(run.stderr).toContain('1 call site likely broken by this change: parser.py:3');
    expect(run.code).toBe(3);
  });

  it('fails on a call of a removed method nothing else defines; a name a module __getattr__ may serve is "check"', async () => {
    const run = await gate(GONE_BASE, GONE_HEAD);
    const verdicts = run.breaking.map((b) => `${b.certainty} ${b.site.file}:${b.site.line}`).sort();
    expect(verdicts).toEqual(['broken shop/use.py:5', 'check shop/use.py:1', 'check shop/use.py:9']);
    expect(run.code).toBe(3);
  });

  it('binds the calls of a removed override against the base method they now reach', async () => {
    const base = `class Signer:
    def unsign(self, value):
        return value


class TimedSigner(Signer):
    def unsign(self, value, max_age=None):
        return value


def check(token):
    signer = TimedSigner()
    signer.unsign(token)
    return signer.unsign(token, max_age=10)
`;
    const head = base.replace('    def unsign(self, value, max_age=None):\n        return value\n', '    pass\n');
    const run = await gate({ 'signing.py': base }, { 'signing.py': head });
    expect(run.breaking.map((b) => `${b.certainty} ${b.site.line}: ${b.reason}`)).toEqual([
      'broken 13: passes `max_age=`, which `Signer.unsign` no longer accepts',
    ]);
    expect(run.code).toBe(3);
  });

  it('keeps exit code 2 for a usage error and 1 for a failure to run, apart from the gate', async () => {
    const repo = makeRepo();
    repo.write({ 'a.py': 'def f():\n    return 1\n' });
    repo.commit('base');
    expect((await cli('pr', repo.dir, '--base', 'HEAD', '--fail-on', 'always')).code).toBe(2);
    expect((await cli('pr', repo.dir, '--base', 'no-such-revision', '--fail-on', 'breaking', '--quiet', '--no-cache')).code).toBe(1);
  });

  it('no reported site has line 0', async () => {
    for (const [base, head, gone] of [
      [LAZY_BASE, LAZY_HEAD, ['pkg/legacy.py']],
      [{ 'builder.py': ATTR_BASE }, { 'builder.py': ATTR_HEAD }, []],
    ] as const) {
      const run = await gate(base, head, [...gone]);
      expect(run.breaking.map((b) => b.site.line)).not.toContain(0);
    }
  });
});
