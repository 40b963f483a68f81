// Breaking call sites on a real multi-file project: for each kind of signature change, a call site
// that breaks and one that still binds (the expected verdict is written next to each call).
import { beforeAll, describe, expect, it } from 'vitest';
import { findBreakingSites, type ReviewFindings } from '../../src/review/breakingSites.js';
import { reviewProject } from './reviewProject.js';

const API_BASE = `
def send(msg, retries=3):
    return msg

def connect(host, port=80):
    return host

def log(fmt, *args):
    return fmt

def configure(name, **options):
    return name

def area(w, h):
    return w * h

def fetch(url):
    return url

def gone(x):
    return x


class Client:
    def __init__(self, host):
        self.host = host

    def get(self, url, timeout=None):
        return url

    @classmethod
    def create(cls, name):
        return cls(name)

    @staticmethod
    def parse(text, strict):
        return text

    def refresh(self):
        self.get("u")
        self.get("u", timeout=3)
`;

const API_HEAD = `
def send(msg, *, retries=3):
    return msg

def connect(host, port):
    return host

def log(fmt, arg=None):
    return fmt

def configure(name, debug=False):
    return name

def area(w, h, /):
    return w * h

def fetch(url):
    return url


class Client:
    def __init__(self, host, port):
        self.host = host

    def get(self, url):
        return url

    @classmethod
    def create(cls, name, owner):
        return cls(name, owner)

    @staticmethod
    def parse(text, strict, *, mode):
        return text

    def refresh(self):
        self.get("u")
        self.get("u", timeout=3)
`;

const USE = `
from pkg.api import send, connect, log, configure, area, Client, fetch, gone
from pkg import api


def calls(args, kwargs):
    send("a", retries=5)          # ok
    send("a", 5)                  # broken: too many positional
    connect("h", 8080)            # ok
    connect("h")                  # broken: missing port
    log("x", 1)                   # ok
    log("x", 1, 2)                # broken: too many positional
    configure("a", debug=True)    # ok
    configure("a", verbose=True)  # broken: verbose
    area(1, 2)                    # ok
    area(w=1, h=2)                # broken: positional-only
    send(*args)                   # check
    api.send("m", **kwargs)       # check
    c = Client("h", 1)            # ok
    d = Client("h")               # broken: missing port
    c.get("u")                    # ok
    d.get("u", timeout=1)         # broken: timeout
    Client.create("a", "me")      # ok
    Client.create("a")            # broken: missing owner
    Client.parse("t", True, mode=1)   # ok
    Client.parse("t", True)       # broken: missing mode
    Client.get(c, "u")            # ok (unbound)
    gone(1)                       # broken: removed
`;

const USE_HEAD = USE.replace('    gone(1)                       # broken: removed\n', '    gone(1)                       # broken: removed\n    fetch("u", "extra")           # broken: new call in changed code\n');

let findings: ReviewFindings;

function verdicts(certainty?: 'broken' | 'check'): string[] {
  return findings.breaking.filter((b) => !certainty || b.certainty === certainty).map((b) => `${b.site.line} ${b.symbol}: ${b.reason}`);
}

beforeAll(async () => {
  const base = { 'pkg/__init__.py': '', 'pkg/api.py': API_BASE, 'app/__init__.py': '', 'app/use.py': USE };
  const head = { 'pkg/__init__.py': '', 'pkg/api.py': API_HEAD, 'app/__init__.py': '', 'app/use.py': USE_HEAD };
  findings = findBreakingSites(await reviewProject(base, head));
});

describe('findBreakingSites', () => {
  it('lists each broken site with a precise reason, and no site that still binds', () => {
    expect(verdicts('broken')).toEqual([
      '8 pkg.api.send: passes 2 positional arguments; `send` takes at most 1',
      '10 pkg.api.connect: missing required argument `port` of `connect`',
      '12 pkg.api.log: passes 3 positional arguments; `log` takes at most 2',
      '14 pkg.api.configure: passes `verbose=`, which `configure` does not accept',
      '16 pkg.api.area: passes `w=`, but `w` is positional-only in `area`',
      '20 pkg.api.Client.__init__: missing required argument `port` of `Client.__init__`',
      '22 pkg.api.Client.get: passes `timeout=`, which `Client.get` no longer accepts',
      '24 pkg.api.Client.create: missing required argument `owner` of `Client.create`',
      '26 pkg.api.Client.parse: missing required argument `mode` of `Client.parse`',
      '28 pkg.api.gone: calls `gone`, which this change removes',
      '29 pkg.api.fetch: passes 2 positional arguments; `fetch` takes at most 1',
      '38 pkg.api.Client.get: passes `timeout=`, which `Client.get` no longer accepts',
    ]);
  });

  it('says "check" where the call passes *args or **kwargs', () => {
    expect(verdicts('check')).toEqual([
      '17 pkg.api.send: passes `*args`: whether it fits `send` depends on run-time values',
      '18 pkg.api.send: passes `**kwargs`: whether it fits `send` depends on run-time values',
    ]);
  });

  it('reports the signature change of every modified function', () => {
    expect(findings.signatures.map((s) => `${s.id} ${s.diff.before} -> ${s.diff.after}`)).toEqual([
      'pkg.api.Client.__init__ (self, host) -> (self, host, port)',
      'pkg.api.Client.create (cls, name) -> (cls, name, owner)',
      'pkg.api.Client.get (self, url, timeout=None) -> (self, url)',
      'pkg.api.Client.parse (text, strict) -> (text, strict, *, mode)',
      'pkg.api.area (w, h) -> (w, h, /)',
      'pkg.api.configure (name, **options) -> (name, debug=False)',
      'pkg.api.connect (host, port=80) -> (host, port)',
      'pkg.api.log (fmt, *args) -> (fmt, arg=None)',
      'pkg.api.send (msg, retries=3) -> (msg, *, retries=3)',
    ]);
  });
});

describe('overrides and heuristic edges', () => {
  const BASE = `
class Handler:
    def handle(self, exc):
        return exc

    def run(self):
        return self.handle(None)


class Good(Handler):
    def handle(self, exc):
        return exc


class Stale(Handler):
    def handle(self, exc):
        return exc


def poke(thing):
    thing.unusual_name(1, 2, 3)


class Other:
    def unusual_name(self, a, b, c):
        return a
`;
  const HEAD = BASE.replace('class Handler:\n    def handle(self, exc):', 'class Handler:\n    def handle(self, ctx, exc):')
    .replace('return self.handle(None)', 'return self.handle(None, None)')
    .replace('class Good(Handler):\n    def handle(self, exc):', 'class Good(Handler):\n    def handle(self, ctx, exc):')
    .replace('def unusual_name(self, a, b, c):', 'def unusual_name(self, a):');

  it('lists a matching override as matching and a stale one as broken; a name-only edge is never broken', async () => {
    const found = findBreakingSites(await reviewProject({ 'h.py': BASE }, { 'h.py': HEAD }));
    expect(found.overrides.map((o) => `${o.override} ${o.matches ? 'matches' : `does not match: ${o.reason}`}`)).toEqual([
      'h.Good.handle matches',
      'h.Stale.handle does not match: takes 1 positional parameter (`exc`) where `Handler.handle` takes 2 (`ctx`, `exc`)',
    ]);
    // `Handler.run`'s new `self.handle(None, None)` also reaches `Stale.handle` by dispatch: that is
    // the stale override again, "check" at most, and not repeated for a call in changed code.
    expect(found.breaking.map((b) => `${b.certainty} ${b.site.caller}:${b.site.line} ${b.reason}`)).toEqual([
      'broken h.Stale.handle:16 override takes 1 positional parameter (`exc`) where `Handler.handle` takes 2 (`ctx`, `exc`)',
      'check h.poke:21 name-only match, if it calls `Other.unusual_name`: passes 3 positional arguments; `Other.unusual_name` takes at most 1',
    ]);
  });

  it('reports nothing when no signature changed', async () => {
    const found = findBreakingSites(await reviewProject({ 'h.py': BASE }, { 'h.py': BASE.replace('return exc\n\n\nclass Stale', 'return [exc]\n\n\nclass Stale') }));
    expect(found.signatures).toEqual([]);
    expect(found.breaking).toEqual([]);
  });
});

describe('how a method call binds `self`: a value, a class, an overload', () => {
  // pytest 13dd9d24: `config.getini(...)` inside `pytest_configure(config: Config)` was bound as a call
  // on a class, because a test elsewhere defines a local `class config:` (30 sites "likely broken").
  const CONFIG = `
class Config:
    def getini(self, name):
        return name

    def reload(self, name):
        return name
`;
  const TEST_HELPERS = `
def make():
    class config:
        pass
    return config
`;
  const CALLERS = (body: string) => `
from pkg.config import Config


def configure(config: Config):
${body}


class Holder:
    def __init__(self, config):
        self.config = config

    def read(self):
${body.replace(/config\./g, 'self.config.')}


def on_class(obj):
    return Config.getini(obj, "x")


def made():
    config = Config()
${body}
`;
  const base = { 'pkg/__init__.py': '', 'pkg/config.py': CONFIG, 'pkg/helpers.py': TEST_HELPERS, 'pkg/use.py': CALLERS('    return config.reload("a")') };
  const head = { ...base, 'pkg/use.py': CALLERS('    config.getini("a")\n    return config.reload("a")') };

  it('binds a call on a parameter, an attribute of self or an assigned instance as a call through an instance, whatever classes elsewhere are called', async () => {
    const found = findBreakingSites(await reviewProject(base, head));
    expect(found.breaking).toEqual([]);
  });

  it('still binds a call on the class itself (imported into the file) with nothing bound', async () => {
    const wrong = { ...head, 'pkg/use.py': head['pkg/use.py'].replace('Config.getini(obj, "x")', 'Config.getini("x")') };
    const found = findBreakingSites(await reviewProject({ ...base, 'pkg/use.py': base['pkg/use.py'].replace('Config.getini(obj, "x")', 'Config.getini(obj, "y")') }, wrong));
    expect(found.breaking.map((b) => `${b.certainty} ${b.site.caller} ${b.reason}`)).toEqual(['broken pkg.use.on_class missing required argument `name` of `Config.getini`']);
    // Star-imported, the class is visible too.
    const star = (files: Record<string, string>) => ({ ...files, 'pkg/use.py': files['pkg/use.py']!.replace('from pkg.config import Config', 'from pkg.config import *') });
    const starred = findBreakingSites(await reviewProject(star({ ...base, 'pkg/use.py': base['pkg/use.py'].replace('Config.getini(obj, "x")', 'Config.getini(obj, "y")') }), star(wrong)));
    expect(starred.breaking.map((b) => `${b.certainty} ${b.site.caller} ${b.reason}`)).toEqual(['broken pkg.use.on_class missing required argument `name` of `Config.getini`']);
  });

  it('binds a call on an attribute of an enclosing function\'s parameter as a call through an instance', async () => {
    // pytest 971943170: `item.config.getvalue("assertmode")` in a function nested in `f(item)`.
    const nested = (body: string) =>
      `from pkg.config import Config\n\n\nclass Item:\n    def __init__(self, config: Config):\n        self.config = config\n\n\ndef protocol(item: Item):\n    def explain():\n${body}\n    return explain\n`;
    const files = { 'pkg/__init__.py': '', 'pkg/config.py': CONFIG, 'pkg/helpers.py': TEST_HELPERS };
    const found = findBreakingSites(await reviewProject({ ...files, 'pkg/nested.py': nested('        return 1') }, { ...files, 'pkg/nested.py': nested('        return item.config.getini("x")') }));
    expect(found.breaking).toEqual([]);
  });

  it('does not take another call on a decorator\'s line for the decorator\'s call', async () => {
    // pytest 78a193824: `@pytest.mark.parametrize("scope", list(Scope))`: `list(Scope)` was bound against
    // the decorator's `__call__(self, argnames, argvalues)`.
    const MARKS = 'class Parametrize:\n    def __call__(self, names, values):\n        return lambda f: f\n\n\nparametrize = Parametrize()\n';
    const test = (decorator: string) => `from pkg.marks import parametrize\n\n\n${decorator}def test_x(s):\n    return s\n`;
    const files = { 'pkg/__init__.py': '', 'pkg/marks.py': MARKS };
    // The module's own code changes too (an added import), so its calls on added lines are bound.
    const headModule = `import os\n${test('@parametrize("s", list(S))\n')}`.replace('\n\n\n@', '\n\nS = (1, 2)\n\n\n@');
    const found = findBreakingSites(await reviewProject({ ...files, 'pkg/test_m.py': test('') }, { ...files, 'pkg/test_m.py': headModule }));
    expect(found.breaking).toEqual([]);
  });

  it('does not bind a call that passes the function as an argument as a call of it', async () => {
    // pytest d2466e3a9: `sorted(pairs, key=_safe_tuple)` read as calling `_safe_tuple` with `key=`.
    const KEYS = 'def safe_tuple(t):\n    return t\n';
    const test = (line: string) => `from pkg.keys import safe_tuple\n\n\ndef test_sort():\n    pairs = [(2, 1)]\n    ${line}\n`;
    const files = { 'pkg/__init__.py': '', 'pkg/keys.py': KEYS };
    const found = findBreakingSites(await reviewProject({ ...files, 'pkg/test_k.py': test('pass') }, { ...files, 'pkg/test_k.py': test('assert sorted(pairs, key=safe_tuple)') }));
    expect(found.breaking).toEqual([]);
  });

  it('does not bind a property read inside a call as a call of the property', async () => {
    // pytest 7eee10c83: `p._truncate_recursive_traceback(excinfo.traceback)` on an added line.
    const INFO = `
class Info:
    @property
    def traceback(self):
        return []

    @traceback.setter
    def traceback(self, value):
        self._tb = value
`;
    const use = (line: string) => `from pkg.info import Info\n\n\nclass Formatter:\n    def shorten(self, tb, limit=1):\n        return tb[:limit]\n\n\ndef test_it(info: Info):\n    p = Formatter()\n    ${line}\n`;
    const files = { 'pkg/__init__.py': '', 'pkg/info.py': INFO };
    const found = findBreakingSites(await reviewProject({ ...files, 'pkg/test_use.py': use('pass') }, { ...files, 'pkg/test_use.py': use('p.shorten(info.traceback)') }));
    expect(found.breaking).toEqual([]);
  });

  it('does not hold a call to the overloads it does not match against it: at run time it reaches the implementation', async () => {
    // pytest 13dd9d24: `pytest.raises(E, match=...)` in changed tests, 24 sites "likely broken".
    const RAISES = `
from typing import overload


@overload
def raises(expected, *, match=None): ...


@overload
def raises(expected, func, *args): ...


def raises(expected=None, func=None, *, match=None):
    return expected
`;
    const use = (call: string) => `from pkg.raising import raises\n\n\ndef test_it():\n    ${call}\n`;
    const files = { 'pkg/__init__.py': '', 'pkg/raising.py': RAISES };
    const verdictsOf = async (call: string) =>
      findBreakingSites(await reviewProject({ ...files, 'pkg/test_use.py': use('pass') }, { ...files, 'pkg/test_use.py': use(call) })).breaking.map((b) => `${b.certainty} ${b.symbol} ${b.reason}`);
    expect(await verdictsOf('raises(ValueError, match="x")')).toEqual([]);
    // The implementation is still bound: three positional arguments fit the second overload, not it.
    expect(await verdictsOf('raises(ValueError, print, 2)')).toEqual(['broken pkg.raising.raises#3 passes 3 positional arguments; `raises` takes at most 2']);
  });
});

describe('a call that reaches the changed function through another name', () => {
  const base = `
def get_stdout():
    return 1


def get_stderr():
    return 2


STREAMS = {"stdout": get_stdout, "stderr": get_stderr}


class Sink:
    def __init__(self, safe):
        self.write = self.write_safe if safe else self.write_fast
        self.flush = get_stdout

    def write_safe(self, x):
        return x

    def write_fast(self, x):
        return x

    def run(self, x):
        self.flush()                     # check: through the attribute \`flush\`
        return self.write_safe(x)        # broken: a direct call


def pick(name):
    opener = STREAMS.get(name)
    opener()                             # check: through \`opener\`, which may hold get_stderr
    return get_stdout()                  # broken: a direct call
`;
  const user = `from io_mod import get_stdout as stdout_of, Sink as Out


def run():
    stdout_of()                          # broken: an import alias names get_stdout
    return Out(True).write_safe(1)       # broken: an import alias names the class
`;
  const head = base.replace('def get_stdout():', 'def get_stdout(fd):').replace('def write_safe(self, x):', 'def write_safe(self, x, y):');

  it('says "check" through a dict lookup or a callable attribute, "likely broken" on a direct call', async () => {
    const found = findBreakingSites(await reviewProject({ 'io_mod.py': base, 'user.py': user }, { 'io_mod.py': head, 'user.py': user }));
    const lines = found.breaking.map((b) => `${b.certainty} ${b.site.file}:${b.site.line} ${b.symbol.split('.').pop()}`).sort();
    expect(lines).toEqual([
      'broken io_mod.py:26 write_safe',
      'broken io_mod.py:32 get_stdout',
      'broken user.py:5 get_stdout',
      'broken user.py:6 write_safe',
      'check io_mod.py:25 get_stdout',
      'check io_mod.py:31 get_stdout',
    ]);
    expect(found.breaking.find((b) => b.site.line === 31)?.reason).toContain('(when `opener` holds `get_stdout`)');
  });
});

describe('a factory decorator', () => {
  const base = `
def register(name, *, slots=False):
    def wrap(cls):
        return cls
    return wrap


@register("a", slots=True)
class A:
    pass


@register("b")
class B:
    pass
`;
  const head = base.replace('def register(name, *, slots=False):', 'def register(name, *, unique):');

  it('binds the factory call of a decorator with arguments', async () => {
    const found = findBreakingSites(await reviewProject({ 'reg.py': base }, { 'reg.py': head }));
    expect(found.breaking.map((b) => `${b.certainty} ${b.site.line}: ${b.reason}`)).toEqual([
      'broken 8: passes `slots=`, which `register` no longer accepts',
      'broken 13: missing required argument `unique` of `register`',
    ]);
  });
});

describe('an override that already did not fit', () => {
  const base = `
class Serializer:
    def loads(self, s, salt=None):
        return s


class TimedSerializer(Serializer):
    def loads(self, s, max_age=None, salt=None):
        return s
`;

  it('is "check" when the change only annotates both, "likely broken" when the change makes it not fit', async () => {
    const annotated = base.replace('def loads(self, s, salt=None):', 'def loads(self, s: str, salt: str | None = None):').replace('def loads(self, s, max_age=None, salt=None):', 'def loads(self, s: str, max_age: int | None = None, salt: str | None = None):');
    const kept = findBreakingSites(await reviewProject({ 's.py': base }, { 's.py': annotated }));
    expect(kept.breaking.map((b) => `${b.certainty}: ${b.reason}`)).toEqual([
      'check: override parameter 2 is `max_age` where `Serializer.loads` has `salt` (callers may pass `salt=`) (so already before this change)',
    ]);
    const fitting = base.replace('def loads(self, s, max_age=None, salt=None):', 'def loads(self, s, salt=None, max_age=None):');
    const made = findBreakingSites(await reviewProject({ 's.py': fitting }, { 's.py': base }));
    expect(made.breaking.map((b) => b.certainty)).toEqual(['broken']);
  });
});
