// Tests that reach a change, on a real project with pytest conventions: direct calls, two hops,
// fixtures from conftest.py (by parameter name, renamed, autouse, scoped by folder), test classes,
// unittest classes, a changed test, and changed code no test reaches.
import { describe, expect, it } from 'vitest';
import { findAffectedTests } from '../../src/review/affectedTests.js';
import { reviewProject } from './reviewProject.js';

const CORE = `
def compute(x):
    return helper(x) + 0


def helper(x):
    return x * 2 + 0


def untested():
    return 1 + 0


def level1():
    return level2()


def level2():
    return deep()


def deep():
    return 1 + 0


def configure_env():
    return 0 + 0
`;

const CONFTEST = `
import pytest
from pkg.core import compute, helper


@pytest.fixture
def computed():
    return compute(2)


@pytest.fixture(name="renamed")
def _renamed_fixture():
    return helper(1)
`;

const TEST_CORE = `
import unittest
from pkg.core import compute, level1


def test_direct():
    assert compute(1) == 2


def test_fixture(computed):
    assert computed == 4


def test_renamed(renamed):
    assert renamed


def test_deep():
    level1()


def helper_not_a_test():
    compute(5)


class TestThings:
    def test_method(self):
        assert compute(3)

    def check_not_collected(self):
        compute(4)


class CheckStuff(unittest.TestCase):
    def test_a(self):
        def inner():
            return compute(1)
        assert inner()
`;

const SUB_CONFTEST = `
import pytest
from pkg.core import configure_env


@pytest.fixture(autouse=True)
def env():
    configure_env()
`;

const TEST_OTHER = `
def test_unrelated():
    assert 1 + 0
`;

function project(edit: (s: string) => string) {
  return {
    'pkg/__init__.py': '',
    'pkg/core.py': edit(CORE),
    'tests/conftest.py': CONFTEST,
    'tests/test_core.py': TEST_CORE,
    'tests/sub/conftest.py': SUB_CONFTEST,
    'tests/sub/test_other.py': edit(TEST_OTHER),
  };
}

describe('findAffectedTests', () => {
  it('finds tests through calls, fixtures, classes and deeper calls; names what no test reaches', async () => {
    const p = await reviewProject(project((s) => s), project((s) => s.replaceAll('+ 0', '+ 1')));
    expect(p.changed.map((c) => c.id).sort()).toEqual([
      'pkg.core.compute',
      'pkg.core.configure_env',
      'pkg.core.deep',
      'pkg.core.helper',
      'pkg.core.untested',
      'tests.sub.test_other.test_unrelated',
    ]);
    const found = findAffectedTests(p);
    expect(found.tests.map((t) => `${t.nodeId} ${t.hops} ${t.reaches.join(',')}`)).toEqual([
      'tests/sub/test_other.py::test_unrelated 0 pkg.core.configure_env,tests.sub.test_other.test_unrelated',
      'tests/test_core.py::CheckStuff::test_a 1 pkg.core.compute,pkg.core.helper',
      'tests/test_core.py::TestThings::test_method 1 pkg.core.compute,pkg.core.helper',
      'tests/test_core.py::test_direct 1 pkg.core.compute,pkg.core.helper',
      'tests/test_core.py::test_fixture 2 pkg.core.compute,pkg.core.helper',
      'tests/test_core.py::test_renamed 2 pkg.core.helper',
    ]);
    // test_deep reaches deep in 3 hops: with it the list would hold all 7 tests of the suite, over MAX_SHARE.
    expect(found.beyond).toBe(1);
    expect(found.unreached).toEqual(['pkg.core.untested']);
    expect(findAffectedTests({ ...p, maxShare: 1 }).tests.at(-1)).toMatchObject({ nodeId: 'tests/test_core.py::test_deep', hops: 3, reaches: ['pkg.core.deep'] });
  });

  it('reaches nothing when no test calls the change', async () => {
    const p = await reviewProject(project((s) => s), project((s) => s.replace('return 1 + 0\n\n\ndef level1', 'return 2 + 0\n\n\ndef level1')));
    expect(p.changed.map((c) => c.id)).toEqual(['pkg.core.untested']);
    const found = findAffectedTests(p);
    expect(found.tests).toEqual([]);
    expect(found.unreached).toEqual(['pkg.core.untested']);
  });
});

describe('findAffectedTests: fixtures resolved from the test', () => {
  const APP = `
def make_app():
    return {"kind": "plain"}


def make_special_app():
    return {"kind": "special", "v": 0}


def make_client(app):
    return [app]
`;
  const CONFTEST_APP = `
import pytest
from pkg.app import make_app, make_client


@pytest.fixture
def app():
    return make_app()


@pytest.fixture
def client(app):
    return make_client(app)
`;
  // Expected: a change to make_special_app reaches test_module_override (its module overrides `app`,
  // which the conftest's `client` then gets) and TestOverride::test_class_override, not test_plain.
  const TEST_OVERRIDE = `
import pytest
from pkg.app import make_special_app


@pytest.fixture
def app():
    return make_special_app()


def test_module_override(client):
    assert client
`;
  const TEST_CLASS = `
import pytest
from pkg.app import make_special_app


class TestOverride:
    @pytest.fixture
    def app(self):
        return make_special_app()

    def test_class_override(self, client):
        assert client


def test_plain(client):
    assert client
`;
  const files = (v: string) => ({
    'pkg/__init__.py': '',
    'pkg/app.py': APP.replace('"v": 0', `"v": ${v}`),
    'tests/conftest.py': CONFTEST_APP,
    'tests/test_override.py': TEST_OVERRIDE,
    'tests/test_class.py': TEST_CLASS,
  });

  it('follows a fixture a fixture asks for to the override closest to the test', async () => {
    const p = await reviewProject(files('0'), files('1'));
    expect(p.changed.map((c) => c.id)).toEqual(['pkg.app.make_special_app']);
    expect(findAffectedTests(p).tests.map((t) => `${t.nodeId} ${t.hops}`)).toEqual([
      'tests/test_class.py::TestOverride::test_class_override 2',
      'tests/test_override.py::test_module_override 2',
    ]);
  });
});

describe('findAffectedTests: inherited test methods', () => {
  const CODEC = `
def encode(value):
    return str(value) + ""


def decode(text):
    return text.strip()
`;
  // A mixin pytest does not collect, in a helper module of the suite.
  const MIXIN = `
from pkg.codec import decode, encode


class RoundTripChecks:
    def test_encode(self):
        assert encode(1)

    def test_decode(self):
        assert decode(" 1 ")
`;
  // Expected, for a change to encode: TestPlain::test_encode and TestStrict::test_encode (inherited),
  // TestBase::test_base_encode and TestDerived::test_base_encode (a collected base's method, inherited);
  // not TestStrict's own test_decode override, nor TestOverrides::test_encode (it redefines the method).
  const TEST_CODEC = `
from pkg.codec import encode
from tests.checks import RoundTripChecks


class TestPlain(RoundTripChecks):
    pass


class TestStrict(RoundTripChecks):
    def test_decode(self):
        assert True


class TestOverrides(RoundTripChecks):
    def test_encode(self):
        assert True


class TestBase:
    def test_base_encode(self):
        assert encode(2)


class TestDerived(TestBase):
    pass
`;
  const files = (suffix: string) => ({
    'pkg/__init__.py': '',
    'pkg/codec.py': CODEC.replace('+ ""', `+ "${suffix}"`),
    'tests/__init__.py': '',
    'tests/checks.py': MIXIN,
    'tests/test_codec.py': TEST_CODEC,
  });

  it('runs a base class test method under every class that inherits it, where pytest collects them', async () => {
    const p = await reviewProject(files(''), files('!'));
    expect(p.changed.map((c) => c.id)).toEqual(['pkg.codec.encode']);
    expect(findAffectedTests(p).tests.map((t) => `${t.nodeId} ${t.hops} ${t.definedAt ?? '-'}`)).toEqual([
      'tests/test_codec.py::TestBase::test_base_encode 1 -',
      'tests/test_codec.py::TestDerived::test_base_encode 1 tests/test_codec.py::TestBase::test_base_encode',
      'tests/test_codec.py::TestPlain::test_encode 1 tests/checks.py::RoundTripChecks::test_encode',
      'tests/test_codec.py::TestStrict::test_encode 1 tests/checks.py::RoundTripChecks::test_encode',
    ]);
  });
});

describe('findAffectedTests: callables held in class attributes', () => {
  const COMPACT = `
import json


class _CompactJSON:
    @staticmethod
    def dumps(obj):
        return json.dumps(obj, separators=(",", ":"))
`;
  // The base names a module as its default; a subclass puts a project class in its place, and the
  // base's methods reach it through \`self.default_serializer\` (directly, or kept on the instance).
  const SERIALIZER = `
import json


class Serializer:
    default_serializer = json

    def __init__(self, serializer=None):
        if serializer is None:
            serializer = self.default_serializer
        self.serializer = serializer

    def dumps(self, obj):
        return self.serializer.dumps(obj)

    def dumps_default(self, obj):
        return self.default_serializer.dumps(obj)
`;
  const URL_SAFE = `
from pkg._json import _CompactJSON
from pkg.serializer import Serializer


class URLSafeSerializer(Serializer):
    default_serializer = _CompactJSON
`;
  // Expected, for a change to _CompactJSON.dumps: test_dumps and test_dumps_default (2 hops each).
  const TEST = `
from pkg.url_safe import URLSafeSerializer


def test_dumps():
    assert URLSafeSerializer().dumps({"a": 1})


def test_dumps_default():
    assert URLSafeSerializer().dumps_default({"a": 1})


def test_other():
    assert URLSafeSerializer()
`;
  const files = (sep: string) => ({
    'pkg/__init__.py': '',
    'pkg/_json.py': COMPACT.replace('(",", ":")', sep),
    'pkg/serializer.py': SERIALIZER,
    'pkg/url_safe.py': URL_SAFE,
    'tests/test_url_safe.py': TEST,
  });

  it("follows a call on a class attribute to the project class a subclass puts there", async () => {
    const p = await reviewProject(files('(",", ":")'), files('(", ", ":")'));
    expect(p.changed.map((c) => c.id)).toEqual(['pkg._json._CompactJSON.dumps']);
    expect(findAffectedTests(p).tests.map((t) => `${t.nodeId} ${t.hops}`)).toEqual([
      'tests/test_url_safe.py::test_dumps 2',
      'tests/test_url_safe.py::test_dumps_default 2',
    ]);
  });
});

describe('findAffectedTests: deeper calls, a level at a time within a share of the suite', () => {
  const CHAIN = `
def target():
    return 0 + 0


def level1():
    return target()


def level2():
    return level1()


def level3():
    return level2()


def entry():
    return level3()


def alt():
    return level3()
`;
  // 20 tests: test_near reaches target in 2 hops, test_deep in 4, the six test_entry_* in 5 (test_entry_3
  // and test_entry_5 by two routes, through entry and alt), twelve test_other_* not at all. Expected,
  // within a quarter of the suite (5 tests): test_near, test_deep, and of the level of 5 hops, which
  // would make it 8 of 20, the three best-ranked: the two with two routes, then test_entry_0 by node
  // id; the other three are counted.
  const TESTS = [
    'from pkg.chain import alt, entry, level1, level3',
    '',
    'def test_near():\n    assert level1() == 0',
    'def test_deep():\n    assert level3() == 0',
    ...Array.from({ length: 6 }, (_, i) => `def test_entry_${i}():\n    assert entry() == 0${i % 2 === 1 && i > 1 ? ' and alt() == 0' : ''}`),
    ...Array.from({ length: 12 }, (_, i) => `def test_other_${i}():\n    assert True`),
  ].join('\n\n\n');
  const files = (v: string) => ({ 'pkg/__init__.py': '', 'pkg/chain.py': CHAIN.replace('0 + 0', `${v} + 0`), 'tests/test_chain.py': TESTS });

  it('lists each deeper level whole while the list stays within the share, then the best-ranked tests of the level that would cross it, and counts the rest', async () => {
    const p = await reviewProject(files('0'), files('1'));
    expect(p.changed.map((c) => c.id)).toEqual(['pkg.chain.target']);
    const found = findAffectedTests({ ...p, maxShare: 0.25 });
    expect(found.tests.map((t) => `${t.nodeId} ${t.hops}`)).toEqual([
      'tests/test_chain.py::test_near 2',
      'tests/test_chain.py::test_deep 4',
      'tests/test_chain.py::test_entry_0 5',
      'tests/test_chain.py::test_entry_3 5',
      'tests/test_chain.py::test_entry_5 5',
    ]);
    expect(found.beyond).toBe(3);
    expect(found.unreached).toEqual([]);
    const all = findAffectedTests({ ...p, maxShare: 1 });
    expect(all.tests.map((t) => t.hops)).toEqual([2, 4, 5, 5, 5, 5, 5, 5]);
    expect(all.beyond).toBe(0);
    const shallow = findAffectedTests({ ...p, maxHops: 4, maxShare: 1 });
    expect(shallow.tests.map((t) => t.nodeId)).toEqual(['tests/test_chain.py::test_near', 'tests/test_chain.py::test_deep']);
    expect(shallow.beyond).toBe(0);
  });
});

describe('findAffectedTests: overrides a base method dispatches to', () => {
  const STEPS = `
class Pipeline:
    def run(self):
        return self.step() + 1

    def step(self):
        return 0


class Doubling(Pipeline):
    def step(self):
        return 2 + 0
`;
  // Expected, for a change to Doubling.step: test_doubling (Pipeline.run calls self.step(), which a
  // Doubling runs as its override); test_plain too, as the list cannot tell the receivers apart.
  const TEST = `
from pkg.steps import Doubling, Pipeline


def test_doubling():
    assert Doubling().run() == 3


def test_plain():
    assert Pipeline().run() == 1


def test_none():
    assert True
`;
  const files = (v: string) => ({ 'pkg/__init__.py': '', 'pkg/steps.py': STEPS.replace('2 + 0', `2 + ${v}`), 'tests/test_steps.py': TEST });

  it('follows a self call in a base method to the subclass override it may run', async () => {
    const p = await reviewProject(files('0'), files('1'));
    expect(p.changed.map((c) => c.id)).toEqual(['pkg.steps.Doubling.step']);
    expect(findAffectedTests({ ...p, maxShare: 1 }).tests.map((t) => `${t.nodeId} ${t.hops}`)).toEqual([
      'tests/test_steps.py::test_doubling 2',
      'tests/test_steps.py::test_plain 2',
    ]);
  });
});

describe('findAffectedTests: overrides that a base from outside the project calls back', () => {
  // markupsafe 562e82e775: `EscapeFormatter.format_field`, which `string.Formatter.vformat` calls.
  const FMT = `
import string


class Fmt(string.Formatter):
    def format_field(self, value, spec):
        return str(value)

    def _unused(self):
        return 0


class Plain:
    def shown(self):
        return 1


def render(text, *args):
    return Fmt().vformat(text, args, {})


def plain():
    return Plain()
`;
  const TEST = `
from pkg.fmt import plain, render


def test_render():
    assert render("{}", 1) == "1"


def test_plain():
    assert plain() is not None


def test_none():
    assert True
`;
  const files = (field: string, shown: string) => ({
    'pkg/__init__.py': '',
    'pkg/fmt.py': FMT.replace('return str(value)', field).replace('return 1', shown),
    'tests/test_fmt.py': TEST,
  });

  it("reaches the overrides of a class built from an outside base, and only those", async () => {
    const p = await reviewProject(files('return str(value)', 'return 1'), files('return repr(value)', 'return 2'));
    expect(p.changed.map((c) => c.id).sort()).toEqual(['pkg.fmt.Fmt.format_field', 'pkg.fmt.Plain.shown']);
    // `Plain` has no outside base: building it runs none of its methods.
    expect(findAffectedTests({ ...p, maxShare: 1 }).tests.map((t) => `${t.nodeId} ${t.reaches.join(',')}`)).toEqual(['tests/test_fmt.py::test_render pkg.fmt.Fmt.format_field']);
  });
});
