// Graph inputs of the packer: the interim name-based edges and the adjacency built from them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Edge } from '../../src/model.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import { buildNameEdges, compareEdges } from '../../src/graph/nameEdges.js';
import { py, pythonProject, type Project } from './pythonProject.js';

let project: Project;

beforeAll(async () => {
  project = await pythonProject({
    'pkg/__init__.py': '',
    'pkg/a.py': py(`
      import os

      def run(job):
          job.run()          # attr call: links to every 'run' (line 4)
          helper()           # line 5
          helper()           # line 6: same target, lines merged
          return os.path.join(job.name)

      @register
      def task():
          x = settings.timeout   # attribute read: no edge
          return x

      def outer():
          def inner():
              return run(None)
          return inner
    `),
    'pkg/b.py': py(`
      def helper():
          return 1

      def register(f):
          return f

      class Job:
          def run(self):
              return helper()
    `),
  });
});

describe('buildNameEdges', () => {
  it('links calls by last name segment to every symbol of that name, modules excluded', () => {
    const calls = project.edges.filter((e) => e.kind === 'calls');
    const from = (id: string) => calls.filter((e) => e.from === id).map((e) => [e.to, e.lines]);
    expect(from('pkg.a.run')).toEqual([
      ['pkg.a.run', [4]],
      ['pkg.b.Job.run', [4]],
      ['pkg.b.helper', [5, 6]],
    ]);
    expect(from('pkg.b.Job.run')).toEqual([['pkg.b.helper', [9]]]);
    expect(from('pkg.a.outer.inner')).toEqual([
      ['pkg.a.run', [16]],
      ['pkg.b.Job.run', [16]],
    ]);
    // `import os` / os.path.join: no symbol is named `join`, and no module is ever a call target.
    expect(calls.some((e) => e.to === 'pkg.a' || e.to === 'pkg.b' || e.to === 'pkg')).toBe(false);
    expect(calls.every((e) => e.resolution === 'heuristic')).toBe(true);
  });

  it('counts a decorator as a call from the defining scope and ignores attribute reads', () => {
    const calls = project.edges.filter((e) => e.kind === 'calls');
    expect(calls.filter((e) => e.to === 'pkg.b.register').map((e) => e.from)).toEqual(['pkg.a']);
    expect(calls.filter((e) => e.from === 'pkg.a.task')).toEqual([]);
  });

  it('adds contains edges for the nesting', () => {
    const contains = project.edges.filter((e) => e.kind === 'contains').map((e) => `${e.from} > ${e.to}`);
    expect(contains).toEqual([
      'pkg.a > pkg.a.outer',
      'pkg.a > pkg.a.run',
      'pkg.a > pkg.a.task',
      'pkg.a.outer > pkg.a.outer.inner',
      'pkg.b > pkg.b.Job',
      'pkg.b > pkg.b.helper',
      'pkg.b > pkg.b.register',
      'pkg.b.Job > pkg.b.Job.run',
    ]);
  });

  it('is sorted by (from, to, kind) and deterministic', () => {
    const edges = buildNameEdges(project.files);
    expect([...edges].sort(compareEdges)).toEqual(edges);
    expect(buildNameEdges([...project.files].reverse())).toEqual(edges);
    expect(buildCallGraph(project.files)).toEqual(edges);
  });

  it('maxHeuristicTargets drops names matching more symbols than allowed', () => {
    const edges = buildNameEdges(project.files, { maxHeuristicTargets: 1 });
    const fromRun = edges.filter((e) => e.kind === 'calls' && e.from === 'pkg.a.run').map((e) => e.to);
    expect(fromRun).toEqual(['pkg.b.helper']);
  });
});

describe('buildAdjacency', () => {
  it('lists callees and callers resolved-first, then by id, merging duplicate pairs', () => {
    const extra: Edge[] = [
      { from: 'pkg.a.run', to: 'pkg.b.Job.run', kind: 'calls', resolution: 'resolved', lines: [4, 3] },
      { from: 'pkg.a.run', to: 'pkg.b.helper', kind: 'imports', resolution: 'resolved' },
    ];
    const adjacency = buildAdjacency([...project.edges, ...extra]);
    expect(adjacency.callees('pkg.a.run')).toEqual([
      { id: 'pkg.b.Job.run', resolution: 'resolved', lines: [3, 4] },
      { id: 'pkg.a.run', resolution: 'heuristic', lines: [4] },
      { id: 'pkg.b.helper', resolution: 'heuristic', lines: [5, 6] },
    ]);
    expect(adjacency.callers('pkg.b.helper').map((n) => n.id)).toEqual(['pkg.a.run', 'pkg.b.Job.run']);
    expect(adjacency.callers('pkg.b.Job.run').map((n) => [n.id, n.resolution])).toEqual([
      ['pkg.a.run', 'resolved'],
      ['pkg.a.outer.inner', 'heuristic'],
    ]);
    expect(adjacency.callees('no.such.symbol')).toEqual([]);
    expect(adjacency.callers('pkg.b.register').map((n) => n.id)).toEqual(['pkg.a']);
  });
});
