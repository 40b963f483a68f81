// A PR digest shows the change itself before anything else: every changed symbol's changed lines while
// they fit (a root's whole diff never leaves a later one as a bare signature), and a method moved into
// a new class as a diff against its old body, once.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { codeLines, digestOf, section } from './prShape.js';

afterAll(removeTempDirs);

describe('room for the other changes', () => {
  // Six long functions with one changed line each: a whole diff costs ~10x the function's hunks.
  const NAMES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
  const long = (name: string, factor: number) =>
    [
      `def ${name}(values, limit=10):`,
      ...Array.from({ length: 40 }, (_, i) => `    values = [v + ${i} for v in values if v != ${i * 7}]  # pass ${i} of ${name}`),
      `    return [v * ${factor} for v in values][:limit]`,
      '',
    ].join('\n');
  const files = (from: number) => Object.fromEntries(NAMES.map((name, k) => [`pkg/m${k}.py`, long(name, from + k)]));

  it('keeps the later changes room for their hunks, not their signatures, before a whole diff', async () => {
    // At 2,100 tokens the first whole diff beside five signatures fits, beside five hunks it does not.
    for (const budget of [2100, 2400]) {
      const digest = await digestOf({ 'pkg/__init__.py': '', ...files(2) }, files(20), budget);
      const lines = codeLines(digest.markdown);
      NAMES.forEach((_, k) => {
        expect(lines, `budget ${budget}`).toContain(`-    return [v * ${2 + k} for v in values][:limit]`);
        expect(lines, `budget ${budget}`).toContain(`+    return [v * ${20 + k} for v in values][:limit]`);
      });
      expect(digest.packed.filter((p) => p.direction === 'root' && p.mode === 'signature'), `budget ${budget}`).toEqual([]);
    }
  });
});

describe('a method moved into a new class', () => {
  const handler = (name: string, extra: string) =>
    [
      `    async def ${name}(self, message):`,
      '        kind = message["type"]',
      '        if kind == "start":',
      '            self.initial = message',
      ...Array.from({ length: 12 }, (_, i) => `            self.headers_${i} = message.get("h${i}")`),
      `        ${extra}`,
      '        await self.send(message)',
      '',
    ].join('\n');
  const base = {
    'pkg/__init__.py': '',
    'pkg/gzip.py': ['class GZipResponder:', '    def __init__(self, app):', '        self.app = app', '', handler('send_with_gzip', 'self.started = True'), ''].join('\n'),
  };
  const head = {
    'pkg/gzip.py': [
      'class IdentityResponder:',
      '    encoding = "identity"',
      '',
      '    def __init__(self, app):',
      '        self.app = app',
      '',
      handler('send_with_compression', 'self.started = bool(message)'),
      '',
      'class GZipResponder(IdentityResponder):',
      '    encoding = "gzip"',
      '',
    ].join('\n'),
  };

  it('is shown as a diff against its old body, and the class refers to it instead of repeating it', async () => {
    for (const budget of [900, 3000]) {
      const digest = await digestOf(base, head, budget);
      const lines = codeLines(digest.markdown);
      // The deleted lines of the old body are in the document.
      expect(lines, `budget ${budget}`).toContain('-        self.started = True');
      expect(lines, `budget ${budget}`).toContain('+        self.started = bool(message)');
      // Each line once: the class shows a reference line where the method is.
      const shown = lines.filter((l) => l.includes('self.headers_3 = message.get("h3")')).length;
      expect(shown, `budget ${budget}`).toBe(budget >= 3000 ? 1 : Math.min(shown, 1));
      expect(digest.markdown, `budget ${budget}`).toContain('    async def send_with_compression(self, message): ...  # shown above');
    }
  });
});

describe('functions local to a changed test', () => {
  it('have no call-site list: their calls are in the test shown with them', async () => {
    const test = (body: string) =>
      [
        'from pkg.core import serve',
        '',
        '',
        'def test_serve():',
        '    class Sink:',
        '        def __init__(self):',
        `            self.seen = ${body}`,
        '',
        '    async def receive():',
        `        return ${body}`,
        '',
        '    async def send(message):',
        '        Sink()',
        '',
        '    serve(receive, send)',
        '',
      ].join('\n');
    const core = 'def serve(receive, send):\n    return receive, send\n';
    const digest = await digestOf({ 'pkg/__init__.py': '', 'pkg/core.py': core, 'tests/test_core.py': test('{"type": "a"}') }, { 'pkg/core.py': core.replace('return receive, send', 'return send, receive'), 'tests/test_core.py': test('{"type": "b"}') }, 3000);
    const sites = section(digest.markdown, '### Call sites to check');
    expect(sites).toContain('`pkg.core.serve`');
    expect(sites).not.toContain('test_serve.receive');
    expect(sites).not.toContain('test_serve.Sink');
  });
});

describe('mechanical changes beside a behaviour change', () => {
  const long = (factor: number) =>
    ['def compute(values):', ...Array.from({ length: 60 }, (_, i) => `    values = [v + ${i} for v in values if v != ${i * 7}]  # pass ${i}`), `    return [v * ${factor} for v in values]`, ''].join('\n');
  const documented = (doc: string) => Array.from({ length: 4 }, (_, i) => `def helper_${i}(x):\n    """${doc} ${i}."""\n    return x + ${i}\n`).join('\n\n');

  it('are shown before the behaviour change takes its whole diff: the change first, its context after', async () => {
    // At 1,900-2,100 tokens the whole diff of `compute` fits, beside it not all four docstring edits.
    for (const budget of [1900, 2100]) {
      const digest = await digestOf(
        { 'pkg/__init__.py': '', 'pkg/core.py': long(2), 'pkg/docs.py': documented('Add one') },
        { 'pkg/core.py': long(3), 'pkg/docs.py': documented('Return x plus') },
        budget,
      );
      const lines = codeLines(digest.markdown);
      expect(lines, `budget ${budget}`).toContain('+    return [v * 3 for v in values]');
      for (let i = 0; i < 4; i++) expect(lines, `budget ${budget}`).toContain(`+    """Return x plus ${i}."""`);
    }
  });
});

describe('the smallest view that still shows the change', () => {
  // A long function with changes far apart: its hunks with 3 lines of context cost about twice those with 1.
  const body = (a: string, b: string) =>
    ['def route(request):', `    first = ${a}`, ...Array.from({ length: 30 }, (_, i) => `    step_${i} = request.get("k${i}")  # read ${i}`), `    last = ${b}`, '    return first, last', ''].join('\n');
  const others = (k: number) => Array.from({ length: 5 }, (_, i) => `def other_${i}(x):\n    return x * ${k + i}\n`).join('\n\n');

  it('is its changed lines with one line of context, before a signature', async () => {
    const base = { 'pkg/__init__.py': '', 'pkg/app.py': body('1', '2'), 'pkg/more.py': others(1) };
    const head = { 'pkg/app.py': body('10', '20'), 'pkg/more.py': others(7) };
    let seen = false;
    for (const budget of [700, 800, 900]) {
      const digest = await digestOf(base, head, budget);
      const route = digest.packed.find((p) => p.id === 'pkg.app.route');
      // The tight view: one line of context, so the second line after the change is not shown.
      if (route?.mode !== 'hunks' || digest.markdown.includes('step_1 = request')) continue;
      seen = true;
      expect(route?.mode, `budget ${budget}`).toBe('hunks');
      const lines = codeLines(digest.markdown);
      for (const l of ['-    first = 1', '+    first = 10', '-    last = 2', '+    last = 20']) expect(lines, `budget ${budget}`).toContain(l);
    }
    expect(seen, 'some budget here should need the tight view').toBe(true);
  });
});

describe('code defined inside a changed function', () => {
  it('is shown in that function\'s diff only, added or removed, at any depth, even as its hunks', async () => {
    const test = (methods: string, expected: string) =>
      [
        'def test_errors():',
        '    class Example:',
        methods,
        '        def kept(self):',
        '            return 1',
        '',
        ...Array.from({ length: 40 }, (_, i) => `    check_${i} = Example().kept() + ${i}  # a long test, shown as its hunks`),
        `    assert Example().kept() == ${expected}`,
        '',
      ].join('\n');
    const removed = '        def gone(self, item):\n            raise ValueError(item)\n';
    const added = '        def fresh(self, item):\n            return item\n';
    // The test itself changes too (its assert): its diff holds the class's changed lines.
    const digest = await digestOf({ 'tests/test_x.py': test(removed, '1') }, { 'tests/test_x.py': test(added, 'int("1")') }, 900);
    expect(digest.packed.find((p) => p.id === 'tests.test_x.test_errors')?.mode).toBe('hunks');
    const lines = codeLines(digest.markdown);
    expect(lines.filter((l) => l.includes('raise ValueError(item)'))).toHaveLength(1);
    expect(lines).toContain('+        def fresh(self, item):');
    // Neither is a block of its own (the local class may still come in as the test's callee).
    expect(digest.packed.map((p) => p.id)).not.toContain('tests.test_x.test_errors.Example.gone');
    expect(digest.packed.map((p) => p.id)).not.toContain('tests.test_x.test_errors.Example.fresh');
  });
});

describe('a module that constructs a changed class through a subclass', () => {
  it('is shown by its call lines, not as its module-level leftovers', async () => {
    const base = (init: string) => `class Schema:\n    def __init__(self, ${init}):\n        self.many = many\n`;
    const example = [
      'import json',
      'import os',
      '',
      'from pkg.schema import Schema',
      '',
      'LICENSE = "MIT"  # ' + 'a long module header '.repeat(20),
      '',
      '',
      'class AuthorSchema(Schema):',
      '    pass',
      '',
      '',
      'author_schema = AuthorSchema()',
      'authors_schema = AuthorSchema(many=True)',
      '',
    ].join('\n');
    const digest = await digestOf(
      { 'pkg/__init__.py': '', 'pkg/schema.py': base('many=False'), 'examples/app.py': example },
      { 'pkg/schema.py': base('many=False, *, partial=False') },
      3000,
    );
    const caller = digest.packed.find((p) => p.id === 'examples.app');
    expect(caller?.mode).toBe('window');
    expect(digest.markdown).toContain('authors_schema = AuthorSchema(many=True)');
    expect(digest.markdown).not.toContain('a long module header a long module header');
  });
});
