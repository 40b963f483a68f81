// Calls made through values: functions handed to builtins and standard-library helpers, functions
// held in containers and called from there, and decorators that return a wrapper. Real Python, real
// extractor; the expected edge is written next to each call.
import { describe, expect, it } from 'vitest';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import type { Edge } from '../../src/model.js';
import { graphOf } from './projectHelpers.js';

/** `from -> to (resolution[, confidence])` of the calls edges leaving `from`. */
function callsFrom(edges: readonly Edge[], from: string): string[] {
  return edges
    .filter((e) => e.kind === 'calls' && e.from === from)
    .map((e) => `${e.to} (${e.resolution}${e.confidence === undefined ? '' : `, ${e.confidence}`})`);
}

const HIGHER_ORDER = `import atexit
import functools
import itertools
import signal
import threading
from functools import partial, reduce


def work(x):
    return x


def by_key(x):
    return x


def combine(a, b):
    return a


def run(xs):
    list(map(work, xs))  # expect: work
    list(filter(work, xs))  # expect: work
    sorted(xs, key=by_key)  # expect: by_key
    min(xs, key=by_key)  # expect: by_key
    max(xs, key=by_key)  # expect: by_key
    functools.reduce(combine, xs)  # expect: combine
    reduce(combine, xs)  # expect: combine
    itertools.starmap(combine, xs)  # expect: combine


def later():
    bound = functools.partial(work, 1)
    bound()  # expect: work
    other = partial(by_key)
    other(2)  # expect: by_key


def hooks():
    threading.Thread(target=work).start()  # expect: work
    atexit.register(by_key)  # expect: by_key
    signal.signal(signal.SIGTERM, combine)  # expect: combine
`;

describe('functions passed to builtins and standard-library helpers', () => {
  it('are called at the site that passes them, as certain edges', async () => {
    const edges = await graphOf({ 'hof.py': HIGHER_ORDER });
    expect(callsFrom(edges, 'hof.run')).toEqual(['hof.by_key (resolved)', 'hof.combine (resolved)', 'hof.work (resolved)']);
    expect(edges.find((e) => e.kind === 'calls' && e.from === 'hof.run' && e.to === 'hof.work')?.lines).toEqual([22, 23]);
    expect(edges.find((e) => e.kind === 'calls' && e.from === 'hof.run' && e.to === 'hof.combine')?.lines).toEqual([27, 28, 29]);
    // `partial(f, ...)` is no call of f; calling the partial is.
    expect(edges.find((e) => e.kind === 'calls' && e.from === 'hof.later' && e.to === 'hof.work')?.lines).toEqual([34]);
    expect(edges.find((e) => e.kind === 'calls' && e.from === 'hof.later' && e.to === 'hof.by_key')?.lines).toEqual([36]);
    expect(callsFrom(edges, 'hof.hooks')).toEqual(['hof.by_key (resolved)', 'hof.combine (resolved)', 'hof.work (resolved)']);
  });
});

const TABLES = `def on_add(x):
    return x


def on_remove(x):
    return x


def first():
    pass


def second():
    pass


HANDLERS = {"add": on_add, "remove": on_remove}


def by_subscript(kind, x):
    return HANDLERS[kind](x)  # expect: on_add, on_remove (one of two: 0.5 each)


def by_get(kind, x):
    return HANDLERS.get(kind)(x)  # expect: on_add, on_remove (0.5 each)


def by_local(kind, x):
    handler = HANDLERS[kind]
    return handler(x)  # expect: on_add, on_remove (0.5 each)


def every():
    for fn in (first, second):
        fn()  # expect: first, second (each is called: certain)


def both(kind, x):
    on_add(x)  # expect: on_add (certain: a direct call outweighs the pick)
    return HANDLERS[kind](x)


class Router:
    ROUTES = {"add": on_add, "remove": on_remove}

    def __init__(self):
        self.table = {"first": first, "second": second}

    def route(self, kind, x):
        return self.ROUTES[kind](x)  # expect: on_add, on_remove (0.5 each)

    def run(self, name):
        return self.table[name]()  # expect: first, second (0.5 each)

    def only(self):
        return self.table.get("first")()  # expect: first, second (0.5 each: keys are not read)
`;

describe('functions held in containers', () => {
  it('a call that picks one item of n functions links each with confidence 1/n', async () => {
    const edges = await graphOf({ 'tables.py': TABLES });
    for (const from of ['tables.by_subscript', 'tables.by_get', 'tables.by_local', 'tables.Router.route']) {
      expect(callsFrom(edges, from), from).toEqual(['tables.on_add (resolved, 0.5)', 'tables.on_remove (resolved, 0.5)']);
    }
    expect(callsFrom(edges, 'tables.Router.run')).toEqual(['tables.first (resolved, 0.5)', 'tables.second (resolved, 0.5)']);
    expect(callsFrom(edges, 'tables.Router.only')).toEqual(['tables.first (resolved, 0.5)', 'tables.second (resolved, 0.5)']);
  });

  it('a loop over the container calls every item, and a direct call of a picked function is certain', async () => {
    const edges = await graphOf({ 'tables.py': TABLES });
    expect(callsFrom(edges, 'tables.every')).toEqual(['tables.first (resolved)', 'tables.second (resolved)']);
    expect(callsFrom(edges, 'tables.both')).toEqual(['tables.on_add (resolved)', 'tables.on_remove (resolved, 0.5)']);
  });

  it('callers list the certain caller before the one that picks among several', async () => {
    const adjacency = buildAdjacency(await graphOf({ 'tables.py': TABLES }));
    const callers = adjacency.callers('tables.on_add');
    expect(callers[0]).toMatchObject({ id: 'tables.both', resolution: 'resolved' });
    expect(callers[0]!.confidence).toBeUndefined();
    expect(callers.slice(1).map((n) => `${n.id} ${n.confidence}`)).toEqual(['tables.Router.route 0.5', 'tables.by_get 0.5', 'tables.by_local 0.5', 'tables.by_subscript 0.5']);
  });
});

const DECORATORS = {
  'lib/__init__.py': '',
  'lib/deco.py': `import functools


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)  # expect: lib.api._fetch (the function it wraps)

    return wrapper
`,
  'lib/api.py': `from lib.deco import logged


def _fetch(url, timeout):
    return url


fetch = logged(_fetch)


@logged
def store(item):
    return item


def use():
    fetch("u", 1)  # expect: lib.api._fetch, and the wrapper
    store(1)  # expect: lib.api.store
`,
  'lib/other.py': `from lib.api import fetch


def elsewhere():
    fetch("v", 2)  # expect: lib.api._fetch, and the wrapper (through the import)
`,
};

describe('decorators that return a wrapper', () => {
  it('a name bound to a wrapping decorator applied by hand reaches the wrapped function, here and where it is imported', async () => {
    const edges = await graphOf(DECORATORS);
    expect(callsFrom(edges, 'lib.api.use')).toEqual(['lib.api._fetch (resolved)', 'lib.api.store (resolved)', 'lib.deco.logged.wrapper (resolved)']);
    expect(callsFrom(edges, 'lib.other.elsewhere')).toEqual(['lib.api._fetch (resolved)', 'lib.deco.logged.wrapper (resolved)']);
  });
});

const REGISTRY = {
  'reg/__init__.py': '',
  'reg/registry.py': `HOOKS = []
COMMANDS = {}


def hook(fn):
    HOOKS.append(fn)
    return fn


def command(name):
    def register(fn):
        COMMANDS[name] = fn
        return fn

    return register


def run_hooks():
    for h in HOOKS:
        h()  # expect: reg.plugins.on_start, reg.plugins.on_stop (a loop: certain)


def run_command(name):
    return COMMANDS[name]()  # expect: reg.plugins.build, reg.plugins.clean (a pick: 0.5 each)
`,
  'reg/plugins.py': `from reg.registry import command, hook


@hook
def on_start():
    pass


@hook
def on_stop():
    pass


@command("build")
def build():
    pass


@command("clean")
def clean():
    pass
`,
};

describe('decorators that register the function they decorate', () => {
  it('fill the registry with each decorated definition, for a plain decorator and a factory', async () => {
    const edges = await graphOf(REGISTRY);
    expect(callsFrom(edges, 'reg.registry.run_hooks')).toEqual(['reg.plugins.on_start (resolved)', 'reg.plugins.on_stop (resolved)']);
    expect(callsFrom(edges, 'reg.registry.run_command')).toEqual(['reg.plugins.build (resolved, 0.5)', 'reg.plugins.clean (resolved, 0.5)']);
  });
});
