// Resolution rules of buildCallGraph, one behaviour per test, on real Python extracted by the real
// extractor.
import { describe, expect, it } from 'vitest';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import { MAX_OVERRIDES } from '../../src/graph/resolver/classes.js';
import { callPairs, extractProject, graphOf, pairsOf } from './projectHelpers.js';

describe('buildCallGraph: output shape', () => {
  it('merges call sites per (from, to) with ascending lines, and sorts by (from, to, kind)', async () => {
    const edges = await graphOf({
      'm.py': 'def f():\n    pass\n\n\ndef g():\n    f()\n    x = 1\n    f()\n\n\ng()\n',
    });
    const call = edges.find((e) => e.kind === 'calls' && e.from === 'm.g');
    expect(call).toEqual({ from: 'm.g', to: 'm.f', kind: 'calls', resolution: 'resolved', lines: [6, 8] });
    const sorted = [...edges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
    expect(edges.map((e) => `${e.from} ${e.to}`)).toEqual(sorted.map((e) => `${e.from} ${e.to}`));
    expect(pairsOf(edges, 'contains')).toEqual(['m -> m.f', 'm -> m.g']);
  });

  it('is deterministic whatever order the files arrive in', async () => {
    const files = await extractProject({
      'a.py': 'from b import B\n\n\nclass A(B):\n    def run(self):\n        self.go()\n',
      'b.py': 'class B:\n    def go(self):\n        helper()\n\n\ndef helper():\n    pass\n',
      'c.py': 'import a\n\na.A().run()\n',
    });
    const forward = JSON.stringify(buildCallGraph(files));
    expect(JSON.stringify(buildCallGraph([...files].reverse()))).toBe(forward);
    expect(JSON.stringify(buildCallGraph(files))).toBe(forward);
  });

  it('ends a name bound through itself in a function scope, whether the name is the first or a later one asked there', async () => {
    // `cur` is the first name walk's scope is asked; its second binding reads `cur` again (re-entry, cut
    // there) and `self`, a second name. `nxt` is asked after `cur` and is bound through itself too.
    const edges = await graphOf({
      'm.py': [
        'class Node:',
        '    def advance(self):',
        '        return self',
        '',
        '    def walk(self):',
        '        cur = self',
        '        cur = cur.advance()',
        '        cur.advance()',
        '        nxt = cur',
        '        nxt = nxt.advance()',
        '        nxt.advance()',
        '',
      ].join('\n'),
    });
    const call = edges.find((e) => e.kind === 'calls' && e.from === 'm.Node.walk');
    expect(call).toEqual({ from: 'm.Node.walk', to: 'm.Node.advance', kind: 'calls', resolution: 'resolved', lines: [7, 8, 10, 11] });
  });

  it('emits contains, imports and inherits edges across files', async () => {
    const edges = await graphOf({
      'pkg/__init__.py': 'from .models import User\n',
      'pkg/models.py': 'class Base:\n    pass\n\n\nclass User(Base):\n    def name(self):\n        pass\n',
      'app.py': 'import pkg\nfrom pkg import User\nfrom os import path\n\n\nclass Admin(User):\n    pass\n',
    });
    expect(pairsOf(edges, 'inherits')).toEqual(['app.Admin -> pkg.models.User', 'pkg.models.User -> pkg.models.Base']);
    expect(pairsOf(edges, 'imports')).toEqual(['app -> pkg', 'app -> pkg.models.User', 'pkg -> pkg.models.User']);
    expect(pairsOf(edges, 'contains')).toContain('pkg.models.User -> pkg.models.User.name');
  });
});

describe('buildCallGraph: scopes', () => {
  it('attributes calls in lambdas, comprehensions and defaults to the enclosing symbol and module code to the module', async () => {
    const edges = await graphOf({
      'm.py': [
        'def a():\n    pass\n',
        'def b(x=a()):\n    return [a() for _ in range(2)], (lambda: a())\n',
        'a()\n',
      ].join('\n'),
    });
    expect(callPairs(edges)).toEqual(['m -> m.a', 'm.b -> m.a']);
  });

  it('follows closures to enclosing functions, but class bodies are invisible to methods', async () => {
    const edges = await graphOf({
      'm.py': [
        'def helper():\n    pass\n',
        'class C:\n    def helper(self):\n        pass\n\n    def run(self):\n        helper()\n',
        'def outer():\n    def helper():\n        pass\n\n    def inner():\n        helper()\n\n    inner()\n',
      ].join('\n'),
    });
    expect(callPairs(edges)).toEqual(['m.C.run -> m.helper', 'm.outer -> m.outer.inner', 'm.outer.inner -> m.outer.helper']);
  });
});

describe('buildCallGraph: imports', () => {
  it('honours a literal __all__ on star imports and resolves re-exports to the defining module', async () => {
    const edges = await graphOf({
      'lib/__init__.py': 'from .impl import *\n',
      'lib/impl.py': '__all__ = ["shown"]\n\n\ndef shown():\n    pass\n\n\ndef hidden():\n    pass\n\n\ndef _private():\n    pass\n',
      'app.py': 'from lib import *\nimport lib\n\n\ndef run():\n    shown()\n    hidden()\n    lib.shown()\n',
    });
    // `hidden` is not exported, so the call is not resolved; the labelled name fallback still finds it.
    expect(callPairs(edges, true)).toEqual(['app.run -> lib.impl.hidden (heuristic)', 'app.run -> lib.impl.shown (resolved)']);
    expect(pairsOf(edges, 'imports')).toEqual(['app -> lib', 'lib -> lib.impl']);
  });

  it('resolves function-local, TYPE_CHECKING and try/except ImportError imports; externals give nothing', async () => {
    const edges = await graphOf({
      'fast.py': 'def speed():\n    pass\n',
      'm.py': [
        'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from fast import speed as typed_speed\n',
        'try:\n    from ujson import loads\nexcept ImportError:\n    from fast import speed as loads\n',
        'def run():\n    from fast import speed\n    speed()\n    loads("x")\n    typed_speed()\n',
      ].join('\n'),
    });
    expect(callPairs(edges, true)).toEqual(['m.run -> fast.speed (resolved)']);
    expect(edges.find((e) => e.kind === 'calls')?.lines).toEqual([12, 13, 14]);
  });
});

describe('buildCallGraph: classes and types', () => {
  it('links C() to the class and its inherited __init__, and super() to the next class in the MRO', async () => {
    const edges = await graphOf({
      'base.py': 'class Base:\n    def __init__(self):\n        pass\n\n    def save(self):\n        pass\n',
      'child.py': 'from base import Base\n\n\nclass Child(Base):\n    def save(self):\n        super().save()\n\n\nChild()\n',
    });
    expect(callPairs(edges)).toEqual(['child -> base.Base.__init__', 'child -> child.Child', 'child.Child.save -> base.Base.save']);
  });

  it('self.m() also reaches overrides in subclasses, unless more than MAX_OVERRIDES define it', async () => {
    const subclasses = (n: number): string =>
      Array.from({ length: n }, (_, i) => `class S${i}(Base):\n    def step(self):\n        pass\n`).join('\n');
    const base = 'class Base:\n    def run(self):\n        self.step()\n\n    def step(self):\n        pass\n\n';
    const few = await graphOf({ 'm.py': base + subclasses(2) });
    expect(callPairs(few)).toEqual(['m.Base.run -> m.Base.step', 'm.Base.run -> m.S0.step', 'm.Base.run -> m.S1.step']);
    const many = await graphOf({ 'm.py': base + subclasses(MAX_OVERRIDES + 1) });
    expect(callPairs(many)).toEqual(['m.Base.run -> m.Base.step']);
  });

  it('types names through assignments, self attributes, annotations and return annotations', async () => {
    const edges = await graphOf({
      'm.py': [
        'from typing import Optional\n',
        'class Conn:\n    def close(self):\n        pass\n',
        'def open_conn() -> "Conn":\n    return Conn()\n',
        'class Pool:\n    def __init__(self):\n        self.conn = open_conn()\n\n    def stop(self, spare: Optional[Conn]):\n        self.conn.close()\n        spare.close()\n        open_conn().close()\n',
      ].join('\n'),
    });
    expect(callPairs(edges, true)).toEqual([
      'm.Pool.__init__ -> m.open_conn (resolved)',
      'm.Pool.stop -> m.Conn.close (resolved)',
      'm.Pool.stop -> m.open_conn (resolved)',
      'm.open_conn -> m.Conn (resolved)',
    ]);
  });

  it('reads of a property are calls of its getter, including inside a call chain', async () => {
    const edges = await graphOf({
      'm.py': [
        'class Engine:\n    def start(self):\n        pass\n',
        'class Car:\n    @property\n    def engine(self) -> Engine:\n        return Engine()\n\n    def go(self):\n        self.engine.start()\n        return self.engine\n',
      ].join('\n'),
    });
    const go = edges.filter((e) => e.kind === 'calls' && e.from === 'm.Car.go');
    expect(go.map((e) => [e.to, e.lines])).toEqual([
      ['m.Car.engine', [11, 12]],
      ['m.Engine.start', [11]],
    ]);
  });

  it('treats decorators as calls from the scope that defines the decorated symbol', async () => {
    const edges = await graphOf({
      'deco.py': 'def trace(fn):\n    return fn\n\n\ndef tagged(name):\n    return trace\n',
      'm.py': 'from deco import trace, tagged\n\n\nclass C:\n    @trace\n    def a(self):\n        pass\n\n\n@tagged("x")\ndef b():\n    pass\n',
    });
    // `@tagged("x")` calls tagged, then what it returns (trace) with b: a decorator factory.
    expect(callPairs(edges)).toEqual(['m -> deco.tagged', 'm -> deco.trace', 'm.C -> deco.trace']);
  });
});

describe('buildCallGraph: heuristic fallback', () => {
  const project = {
    'a.py': 'class A:\n    def flush(self):\n        pass\n',
    'b.py': 'class B:\n    def flush(self):\n        pass\n',
    'use.py': 'import json\n\n\ndef run(sink):\n    sink.flush()\n    json.dumps(sink)\n    len(sink)\n',
  };

  const everyGuess = { minHeuristicConfidence: 0 };

  it('links an unknown receiver by name, labelled heuristic with a confidence; externals and builtins get nothing', async () => {
    const edges = await graphOf(project, everyGuess);
    expect(callPairs(edges, true)).toEqual(['use.run -> a.A.flush (heuristic)', 'use.run -> b.B.flush (heuristic)']);
    // two candidates (0.6 / 2), `flush` also a common standard method (halved)
    expect(edges.filter((e) => e.kind === 'calls').map((e) => e.confidence)).toEqual([0.15, 0.15]);
  });

  it('by default makes no guess under DEFAULT_MIN_CONFIDENCE (two candidates for a common method name)', async () => {
    expect(callPairs(await graphOf(project))).toEqual([]);
  });

  it('never guesses for a receiver named like a standard object or an operator result (issue 10: sock.send)', async () => {
    const edges = await graphOf(
      {
        'adapters.py': 'class HTTPAdapter:\n    def send(self, request):\n        pass\n\n    def build(self):\n        pass\n',
        'test_low.py':
          'def handler(sock, client_sock, adapter, path):\n    sock.send(b"x")\n    client_sock.send(b"y")\n    (path / "a").build()\n    adapter.send(1)\n',
      },
      everyGuess,
    );
    expect(edges.filter((e) => e.kind === 'calls').map((e) => `${e.from} -> ${e.to} ${e.confidence}`)).toEqual([
      'test_low.handler -> adapters.HTTPAdapter.send 0.9', // the receiver's name matches the class
    ]);
    expect(callPairs(await graphOf({ 'adapters.py': 'class HTTPAdapter:\n    def send(self, request):\n        pass\n', 'u.py': 'def go(conn2):\n    conn2.send(1)\n' }))).toEqual([]);
    expect(callPairs(await graphOf({ 'adapters.py': 'class HTTPAdapter:\n    def mount(self, request):\n        pass\n', 'u.py': 'def go(adapter):\n    adapter.mount(1)\n' }), true)).toEqual([
      'u.go -> adapters.HTTPAdapter.mount (heuristic)',
    ]);
  });

  it('links to nothing when more names match than maxHeuristicTargets (0 turns the fallback off)', async () => {
    const files = await extractProject(project);
    expect(callPairs(buildCallGraph(files, { ...everyGuess, maxHeuristicTargets: 2 }))).toHaveLength(2);
    expect(callPairs(buildCallGraph(files, { ...everyGuess, maxHeuristicTargets: 1 }))).toEqual([]);
    expect(callPairs(buildCallGraph(files, { ...everyGuess, maxHeuristicTargets: 0 }))).toEqual([]);
    expect(callPairs(buildCallGraph(files, { ...everyGuess, maxHeuristicTargets: Number.NaN }))).toHaveLength(2);
  });

  it('never adds a heuristic edge where a resolved one explains the call', async () => {
    const edges = await graphOf({
      ...project,
      'typed.py': 'from a import A\n\n\ndef run(stream: A):\n    stream.flush()\n',
    }, everyGuess);
    expect(callPairs(edges.filter((e) => e.from === 'typed.run'), true)).toEqual(['typed.run -> a.A.flush (resolved)']);
  });
});
