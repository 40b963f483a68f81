// Tests that reach a change through what test frameworks and Python do, with no call edge: a command
// handed to a runner, an app built by a factory in `parametrize`, a class handed to a fixture's
// `params` (two fixtures away from the test, or defined in a test class's base), an app imported from its module and
// wrapped by a client, a metaclass or `__init_subclass__` run by a class statement, and a module's
// top-level code run by the test module that imports it. Each case has a test that must stay out.
import { describe, expect, it } from 'vitest';
import { findAffectedTests } from '../../src/review/affectedTests.js';
import { reviewProject } from './reviewProject.js';

type Sources = Record<string, string>;

async function selected(base: Sources, edit: (s: Sources) => Sources) {
  const p = await reviewProject(base, edit(base));
  const found = findAffectedTests(p);
  return { changed: p.changed.map((c) => c.id).sort(), tests: found.tests.map((t) => `${t.nodeId} ${t.hops}`), unreached: found.unreached };
}

const replaceIn = (path: string, from: string, to: string) => (s: Sources) => ({ ...s, [path]: s[path]!.replace(from, to) });

const CLI: Sources = {
  'pkg/__init__.py': '',
  'pkg/cli.py': `
import click


@click.group()
def cli():
    setup()


@cli.command()
def sync():
    return 1 + 0


def setup():
    return 2 + 0
`,
  'tests/test_cli.py': `
from click.testing import CliRunner
from pkg.cli import cli


def test_invoke():
    result = CliRunner().invoke(cli, ["sync"])
    assert result.exit_code == 0


def test_other():
    assert 1
`,
};

const ASGI: Sources = {
  'pkg/__init__.py': '',
  'pkg/multipart.py': `
class MultiPartParser:
    def __init__(self, headers):
        self.headers = headers + 0

    def parse(self):
        return []
`,
  'pkg/app.py': `
from pkg.multipart import MultiPartParser


class App:
    def __init__(self, routes):
        self.routes = routes


class Route:
    def __init__(self, path, endpoint):
        self.path = path
        self.endpoint = endpoint


async def upload(request):
    return MultiPartParser(request.headers).parse()


def make_app():
    return App(routes=[Route("/upload", upload)])
`,
  'tests/conftest.py': `
import pytest
from starlette.testclient import TestClient


@pytest.fixture
def client(app):
    return TestClient(app)
`,
  'tests/test_upload.py': `
import pytest
from pkg.app import make_app


@pytest.mark.parametrize("app", [make_app()])
def test_upload(client):
    assert client.post("/upload", files={"f": b"x"})


def test_plain():
    assert 1
`,
};

const FLASK: Sources = {
  'pkg/__init__.py': '',
  'pkg/web.py': `
from flask import Flask

app = Flask(__name__)


@app.route("/")
def index():
    return "hi" + ""
`,
  'tests/test_web.py': `
import pytest
from pkg.web import app


@pytest.fixture
def client():
    return app.test_client()


def test_index(client):
    assert client.get("/").status_code == 200


def test_unrelated():
    assert 1
`,
};

const SERIALIZER: Sources = {
  'pkg/__init__.py': '',
  'pkg/serializer.py': `
class Base:
    def __init__(self, key):
        self.key = key + ""


class Serializer(Base):
    def dumps(self, value):
        return str(value)
`,
  'tests/test_serializer.py': `
from functools import partial

import pytest

from pkg.serializer import Serializer


class TestSerializer:
    @pytest.fixture(params=(Serializer, partial(Serializer, key="k")))
    def factory(self, request):
        return partial(request.param, key="secret")

    @pytest.fixture()
    def serializer(self, factory):
        return factory()

    def test_dumps(self, serializer):
        assert serializer.dumps(1) == "1"

    def test_alone(self):
        assert 1


class TestSubclass(TestSerializer):
    def test_inherited_fixture(self, serializer):
        assert serializer


@pytest.mark.parametrize("cls", [Serializer])
def test_parametrized(cls):
    assert cls(key="k")
`,
};

const STARLETTE: Sources = {
  'pkg/__init__.py': '',
  'pkg/asgi.py': `
from starlette.applications import Starlette
from starlette.routing import Route


async def homepage(request):
    return 1 + 0


async def status(request):
    return 2 + 0


def unrelated():
    return 3 + 0


routes = [
    Route("/", homepage),
]
app = Starlette(routes=routes)
app.add_route("/status", status)
HOOKS = {"x": unrelated}
`,
  'tests/test_asgi.py': `
from starlette.testclient import TestClient
from pkg.asgi import app

client = TestClient(app)


def test_home():
    assert client.get("/").status_code == 200


def test_status():
    assert client.get("/status").status_code == 200
`,
};

const SCHEMA: Sources = {
  'pkg/__init__.py': '',
  'pkg/schema.py': `
class SchemaMeta(type):
    def __new__(mcs, name, bases, ns):
        ns["fields"] = [k for k in ns if not k.startswith("_")]
        return super().__new__(mcs, name, bases, ns)


class Schema(metaclass=SchemaMeta):
    registry = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Schema.registry.append(cls)


def frozen(cls):
    cls.frozen = True and True
    return cls
`,
  'pkg/models.py': `
from pkg.schema import Schema, frozen


@frozen
class User(Schema):
    name = "x"
`,
  'tests/test_models.py': `
from pkg.models import User


def test_fields():
    assert User.fields == ["name"]
`,
  'tests/test_inline.py': `
from pkg.schema import Schema


def test_defines():
    class Point(Schema):
        x = 0

    assert Point.fields


def helper():
    return 1
`,
  'tests/test_other.py': `
def test_nothing():
    assert 1
`,
};

const SETTINGS: Sources = {
  'pkg/__init__.py': '',
  'pkg/settings.py': `
import os



def read_timeout():
    return int(os.environ.get("TIMEOUT", "5"))


TIMEOUT = read_timeout()
RETRIES = 3


def timeout():
    return TIMEOUT
`,
  'tests/test_settings.py': `
from pkg.settings import timeout


def test_timeout():
    assert timeout() == 5
`,
  'tests/test_other.py': `
def test_nothing():
    assert 1
`,
};

// A signer a test gets from a fixture, built from a class a second fixture hands over (overridden in
// a subclass of the test class), and an app a fixture builds that a client outside the project calls.
// Expected: a change to `Signer.unsign` reaches TestSigner's test_unsign (1 hop: the test calls
// `signer.unsign`), not the subclass's (its fixture hands `TimedSigner`, which overrides `unsign`),
// nor test_sign; a change to `TimedSigner.unsign` reaches only the subclass's test_unsign. A change to
// `App.handle` reaches test_get (3 hops: `App.__call__`, the `app` fixture that builds the app, the
// test whose `client` asks for `app`), not test_other.
const OBJECTS: Sources = {
  'pkg/__init__.py': '',
  'pkg/signer.py': `
class Signer:
    def __init__(self, key):
        self.key = key

    def sign(self, value):
        return value + self.key

    def unsign(self, value):
        return value[:-1] + ""


class TimedSigner(Signer):
    def unsign(self, value):
        return value[:-2] + ""
`,
  'pkg/app.py': `
class App:
    def __init__(self, name):
        self.name = name

    def __call__(self, environ, start):
        return self.handle(environ)

    def handle(self, environ):
        return environ
`,
  'tests/conftest.py': `
import pytest
from outside.testing import Client

from pkg.app import App


@pytest.fixture
def app():
    return App("x")


@pytest.fixture
def client(app):
    return Client(app)
`,
  'tests/test_signer.py': `
from functools import partial

import pytest

from pkg.signer import Signer, TimedSigner


class TestSigner:
    @pytest.fixture()
    def signer_factory(self):
        return partial(Signer, key="k")

    @pytest.fixture()
    def signer(self, signer_factory):
        return signer_factory()

    def test_unsign(self, signer):
        assert signer.unsign("ab")

    def test_sign(self, signer):
        assert signer.sign("a")


class TestTimedSigner(TestSigner):
    @pytest.fixture()
    def signer_factory(self):
        return partial(TimedSigner, key="k")
`,
  'tests/test_app.py': `
def test_get(client):
    assert client.get("/").status == 200


def test_other():
    assert 1
`,
};

describe('framework reach: the most-likely tier', () => {
  it('a command handed to a runner: the test reaches the command and the subcommands registered on it', async () => {
    const callback = await selected(CLI, replaceIn('pkg/cli.py', '2 + 0', '2 + 1'));
    expect(callback.changed).toEqual(['pkg.cli.setup']);
    expect(callback.tests).toEqual(['tests/test_cli.py::test_invoke 2']);
    const sub = await selected(CLI, replaceIn('pkg/cli.py', '1 + 0', '1 + 1'));
    expect(sub.changed).toEqual(['pkg.cli.sync']);
    expect(sub.tests).toEqual(['tests/test_cli.py::test_invoke 2']);
  });

  it('an app built in parametrize: the decorated test reaches its handlers, the rest of the module does not', async () => {
    const found = await selected(ASGI, replaceIn('pkg/multipart.py', 'headers + 0', 'headers + 1'));
    expect(found.changed).toEqual(['pkg.multipart.MultiPartParser.__init__']);
    expect(found.tests).toEqual(['tests/test_upload.py::test_upload 2']);
    expect(found.unreached).toEqual([]);
  });

  it('a class handed to a fixture or parametrize is built: its __init__, through the whole fixture closure and a test class\'s bases', async () => {
    const found = await selected(SERIALIZER, replaceIn('pkg/serializer.py', 'key + ""', 'key + "x"'));
    expect(found.changed).toEqual(['pkg.serializer.Base.__init__']);
    expect(found.tests).toEqual([
      'tests/test_serializer.py::test_parametrized 1',
      'tests/test_serializer.py::TestSerializer::test_dumps 2',
      'tests/test_serializer.py::TestSubclass::test_dumps 2',
      'tests/test_serializer.py::TestSubclass::test_inherited_fixture 2',
    ]);
  });

  it('an app imported from its module and wrapped by a client: the routes registered on it', async () => {
    const found = await selected(FLASK, replaceIn('pkg/web.py', '"hi" + ""', '"hello" + ""'));
    expect(found.changed).toEqual(['pkg.web.index']);
    expect(found.tests).toEqual(['tests/test_web.py::test_index 2']);
  });

  it('an app imported and wrapped at module level: what its statements hand out, and nothing else the module holds', async () => {
    const home = await selected(STARLETTE, replaceIn('pkg/asgi.py', '1 + 0', '1 + 1'));
    expect(home.changed).toEqual(['pkg.asgi.homepage']);
    expect(home.tests).toEqual(['tests/test_asgi.py::test_home 1', 'tests/test_asgi.py::test_status 1']);
    const status = await selected(STARLETTE, replaceIn('pkg/asgi.py', '2 + 0', '2 + 1'));
    expect(status.tests).toEqual(['tests/test_asgi.py::test_home 1', 'tests/test_asgi.py::test_status 1']);
    const other = await selected(STARLETTE, replaceIn('pkg/asgi.py', '3 + 0', '3 + 1'));
    expect(other.changed).toEqual(['pkg.asgi.unrelated']);
    expect(other.tests).toEqual([]);
    expect(other.unreached).toEqual(['pkg.asgi.unrelated']);
  });

  it('a metaclass, __init_subclass__ and a class decorator run by class statements: in a test, and in a module a test imports', async () => {
    const meta = await selected(SCHEMA, replaceIn('pkg/schema.py', 'not k.startswith("_")', 'not k.startswith("__")'));
    expect(meta.changed).toEqual(['pkg.schema.SchemaMeta.__new__']);
    expect(meta.tests).toEqual(['tests/test_inline.py::test_defines 1', 'tests/test_models.py::test_fields 2']);
    expect(meta.unreached).toEqual([]);
    const hook = await selected(SCHEMA, replaceIn('pkg/schema.py', 'Schema.registry.append(cls)', 'Schema.registry.insert(0, cls)'));
    expect(hook.changed).toEqual(['pkg.schema.Schema.__init_subclass__']);
    expect(hook.tests).toEqual(['tests/test_inline.py::test_defines 1', 'tests/test_models.py::test_fields 2']);
    const decorator = await selected(SCHEMA, replaceIn('pkg/schema.py', 'True and True', 'True or False'));
    expect(decorator.changed).toEqual(['pkg.schema.frozen']);
    expect(decorator.tests).toEqual(['tests/test_models.py::test_fields 2']);
  });

  it('what top-level code runs at import: every test of a module that imports from it, and no other', async () => {
    const called = await selected(SETTINGS, replaceIn('pkg/settings.py', '"5"', '"10"'));
    expect(called.changed).toEqual(['pkg.settings.read_timeout']);
    expect(called.tests).toEqual(['tests/test_settings.py::test_timeout 2']);
    // The top-level code itself is run by every importer: the must-run tier's, not this one's.
    const own = await selected(SETTINGS, replaceIn('pkg/settings.py', 'RETRIES = 3', 'RETRIES = 4'));
    expect(own.changed).toEqual(['pkg.settings']);
    expect(own.tests).toEqual([]);
  });

  it("a method a test calls on a fixture's value: the method of the class the fixture closure builds, as resolved from the test", async () => {
    const base = await selected(OBJECTS, replaceIn('pkg/signer.py', 'value[:-1] + ""', 'value[:-1] + "x"'));
    expect(base.changed).toEqual(['pkg.signer.Signer.unsign']);
    expect(base.tests).toEqual(['tests/test_signer.py::TestSigner::test_unsign 1']);
    const sub = await selected(OBJECTS, replaceIn('pkg/signer.py', 'value[:-2] + ""', 'value[:-2] + "x"'));
    expect(sub.changed).toEqual(['pkg.signer.TimedSigner.unsign']);
    expect(sub.tests).toEqual(['tests/test_signer.py::TestTimedSigner::test_unsign 1']);
  });

  it('an object a test builds that is called: its __call__, for a client outside the project calls it', async () => {
    const found = await selected(OBJECTS, replaceIn('pkg/app.py', 'return environ', 'return dict(environ)'));
    expect(found.changed).toEqual(['pkg.app.App.handle']);
    expect(found.tests).toEqual(['tests/test_app.py::test_get 3']);
  });
});
