// Issue 10: dispatch to overrides through a declared base type, functions used as values
// (`references` edges) and how consumers order and show them. Real Python, real extractor.
import { describe, expect, it } from 'vitest';
import { construct, sample } from '../../scripts/eval/callers.js';
import { renderGraphJson } from '../../src/cli/commands/graph.js';
import { removedStillReferenced } from '../../src/diff/removedReferences.js';
import { buildAdjacency, isProved } from '../../src/graph/adjacency.js';
import type { RepoIndex } from '../../src/model.js';
import { renderCallSites } from '../../src/pr/callSites.js';
import { callPairs, graphOf, pairsOf } from './projectHelpers.js';

const adapters = [
  'class BaseAdapter:',
  '    def send(self, request):',
  '        raise NotImplementedError',
  '',
  '',
  'class HTTPAdapter(BaseAdapter):',
  '    def send(self, request):',
  '        return request',
  '',
  '',
  'class Session:',
  '    def send(self, request, adapter: BaseAdapter):',
  '        return adapter.send(request)',
  '',
  '    def direct(self, request):',
  '        return HTTPAdapter().send(request)',
  '',
].join('\n');

describe('dispatch', () => {
  it('a call through a receiver annotated as the base links the base method (resolved) and each override (dispatch)', async () => {
    const edges = await graphOf({ 'adapters.py': adapters });
    expect(callPairs(edges.filter((e) => e.from === 'adapters.Session.send'), true)).toEqual([
      'adapters.Session.send -> adapters.BaseAdapter.send (resolved)',
      'adapters.Session.send -> adapters.HTTPAdapter.send (dispatch)',
    ]);
  });

  it('an instance made by calling the class is exact: no dispatch, no base method', async () => {
    const edges = await graphOf({ 'adapters.py': adapters });
    expect(callPairs(edges.filter((e) => e.from === 'adapters.Session.direct'), true)).toEqual([
      'adapters.Session.direct -> adapters.HTTPAdapter (resolved)',
      'adapters.Session.direct -> adapters.HTTPAdapter.send (resolved)',
    ]);
  });

  it("a mixin's self.m() links, as dispatch, the m that classes mixing it in find beside it", async () => {
    const edges = await graphOf({
      'main.py': [
        'class LoggingMixin:',
        '    def log_call(self):',
        '        self.write_log("called")',
        '',
        '',
        'class FileHandler:',
        '    def write_log(self, msg):',
        '        pass',
        '',
        '',
        'class Other:',
        '    def write_log(self, msg):',
        '        pass',
        '',
        '',
        'class Service(LoggingMixin, FileHandler):',
        '    pass',
        '',
      ].join('\n'),
    });
    expect(callPairs(edges.filter((e) => e.from === 'main.LoggingMixin.log_call'), true)).toEqual(['main.LoggingMixin.log_call -> main.FileHandler.write_log (dispatch)']);
  });

  it('adjacency orders callers resolved, dispatch, heuristic; "resolved only" keeps dispatch', () => {
    const adjacency = buildAdjacency([
      { from: 'c', to: 't', kind: 'calls', resolution: 'heuristic', lines: [3], confidence: 0.6 },
      { from: 'd', to: 't', kind: 'calls', resolution: 'heuristic', lines: [4], confidence: 0.9 },
      { from: 'b', to: 't', kind: 'calls', resolution: 'dispatch', lines: [2] },
      { from: 'z', to: 't', kind: 'calls', resolution: 'resolved', lines: [1] },
      { from: 'u', to: 't', kind: 'references', resolution: 'resolved', lines: [5] },
    ]);
    expect(adjacency.callers('t').map((n) => `${n.id} ${n.resolution}`)).toEqual(['z resolved', 'b dispatch', 'd heuristic', 'c heuristic']);
    expect(adjacency.users('t').map((n) => n.id)).toEqual(['u']);
    expect(['resolved', 'dispatch', 'heuristic'].filter((r) => isProved(r as 'resolved'))).toEqual(['resolved', 'dispatch']);
  });
});

describe('references: functions used as values', () => {
  const project = {
    'app.py': [
      'import threading',
      '',
      '',
      'def on_done(result):',
      '    return result',
      '',
      '',
      'def by_name(item):',
      '    return item',
      '',
      '',
      'class App:',
      '    def select_autoescape(self, name):',
      '        return True',
      '',
      '    def create_env(self):',
      '        options = {}',
      '        options["autoescape"] = self.select_autoescape',
      '        return options',
      '',
      '',
      'def start(items):',
      '    threading.Thread(target=on_done).start()',
      '    hooks = [on_done]',
      '    return sorted(items, key=by_name), hooks',
      '',
    ].join('\n'),
  };

  it('passed, stored in a container or assigned into one: a references edge from the user, not a call', async () => {
    const edges = await graphOf(project);
    expect(pairsOf(edges, 'references')).toEqual(['app.App.create_env -> app.App.select_autoescape', 'app.start -> app.by_name', 'app.start -> app.on_done']);
    expect(edges.find((e) => e.kind === 'references' && e.from === 'app.start' && e.to === 'app.on_done')?.lines).toEqual([23, 24]);
    expect(callPairs(edges)).not.toContain('app.App.create_env -> app.App.select_autoescape');
  });

  it('iterated in a literal tuple or list: a references edge at the loop (flask: `for method in (cls.a, cls.b):`)', async () => {
    const loop = [
      'class View:',
      '    def get(self):',
      '        return 1',
      '',
      '    def post(self):',
      '        return 2',
      '',
      '    @classmethod',
      '    def handlers(cls):',
      '        found = []',
      '        for method in (cls.get, cls.post):',
      '            found.append(method)',
      '        return found',
      '',
    ].join('\n');
    const edges = await graphOf({ 'views.py': loop });
    expect(edges.filter((e) => e.kind === 'references').map((e) => `${e.from} -> ${e.to} ${JSON.stringify(e.lines)}`)).toEqual([
      'views.View.handlers -> views.View.get [11]',
      'views.View.handlers -> views.View.post [11]',
    ]);
  });

  it('graph --format json carries kind "references" with its lines', async () => {
    const edges = await graphOf(project);
    const index = { root: '.', files: [], symbols: [], byId: new Map(), edges, skippedFiles: [] } as RepoIndex;
    const json = JSON.parse(renderGraphJson(index, edges)) as { edges: { from: string; to: string; kind: string; lines?: number[] }[] };
    expect(json.edges.filter((e) => e.kind === 'references' && e.to === 'app.App.select_autoescape')).toEqual([
      { from: 'app.App.create_env', to: 'app.App.select_autoescape', kind: 'references', resolution: 'resolved', line: 18, lines: [18] },
    ]);
  });

  it('the PR digest lists users next to callers, and a removed function that is only used still counts as used', async () => {
    const edges = await graphOf(project);
    const adjacency = buildAdjacency(edges);
    const locate = (id: string) => ({ file: id.startsWith('app') ? 'app.py' : 'x.py' });
    const sitesOf = (changed: Parameters<typeof removedStillReferenced>[0]['changed']) =>
      renderCallSites({
        changed,
        adjacency,
        locate,
        alarms: removedStillReferenced({ changed, adjacency, importers: () => [], locate }),
        contract: 'full',
        other: 'full',
      });
    const text = sitesOf([{ id: 'app.App.select_autoescape', file: 'app.py', name: 'App.select_autoescape', kind: 'method', change: 'modified', lines: [13, 14] }]);
    expect(text).toContain('`app.py:18` in `app.App.create_env` (used by: passed or stored as a value)');
    const removed = sitesOf([{ id: 'app.by_name', file: 'app.py', name: 'by_name', kind: 'function', change: 'removed', lines: [8, 9] }]);
    expect(removed).toContain('**Removed but still called:** `app.by_name`');
  });
});

describe('eval:callers helpers', () => {
  it('classifies a missed call by its shape and samples deterministically', () => {
    expect(construct('        super().save(x)', 'save')).toBe('super()');
    expect(construct('        self.save(x)', 'save')).toBe('self/cls method');
    expect(construct('    get().save(x)', 'save')).toBe('method on a call result');
    expect(construct('    repo.save(x)', 'save')).toBe('method on a variable or attribute');
    expect(construct('    save(x)', 'save')).toBe('plain name');
    expect(sample([1, 2, 3, 4, 5, 6], 3, 7)).toEqual(sample([1, 2, 3, 4, 5, 6], 3, 7));
    expect(new Set(sample([1, 2, 3, 4, 5, 6], 6, 7))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});
