import { describe, expect, it } from 'vitest';
import type { ChangedSymbol } from '../../src/diff/changedSymbols.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import type { Edge } from '../../src/model.js';
import { mermaidLabel, renderMermaid } from '../../src/pr/mermaid.js';

const changedSym = (id: string, change: ChangedSymbol['change'] = 'modified'): ChangedSymbol => ({ id, file: 'm.py', name: id, kind: 'function', change, lines: [1, 2] });
const call = (from: string, to: string, resolution: Edge['resolution'] = 'resolved'): Edge => ({ from, to, kind: 'calls', resolution, lines: [3] });
const body = (block: string) => block.split('\n').slice(1, -1);
const NODE_LINE = /^ {2}(n\d+|more)\["[A-Za-z0-9 _.,:/#;-]*"\](:::\w+)?$/;

describe('mermaidLabel', () => {
  it('lets only a safe alphabet through and entity-encodes the rest', () => {
    expect(mermaidLabel('pkg.mod.f')).toBe('pkg.mod.f');
    expect(mermaidLabel('a"]-->b')).toBe('a#34;#93;--#62;b');
    expect(mermaidLabel('```x```')).toBe('#96;#96;#96;x#96;#96;#96;');
    expect(mermaidLabel('a\nb\tc')).toBe('a b c');
    expect(mermaidLabel('é😀')).toBe('#233;#128512;');
  });

  it('truncates long labels', () => {
    expect([...mermaidLabel('x'.repeat(100)).replace(/^#8230;/, '…')]).toHaveLength(60);
    // The tail is kept: long ids with a shared package prefix stay apart.
    const long = 'testing.code.test_excinfo.TestExceptionInfoFormatter.test_repr_';
    expect(mermaidLabel(`${long}local`)).not.toBe(mermaidLabel(`${long}source`));
  });
});

describe('renderMermaid', () => {
  it('draws changed symbols, their callers and callees, dashed for name-matched edges', () => {
    const adjacency = buildAdjacency([call('app.main', 'lib.f'), call('lib.f', 'lib.g', 'heuristic'), call('lib.g', 'lib.h')]);
    expect(renderMermaid([changedSym('lib.f')], adjacency)).toBe(
      [
        '```mermaid',
        'flowchart LR',
        '  n0["lib.f #40;modified#41;"]:::modified',
        '  n1["app.main"]',
        '  n2["lib.g"]',
        '  n0 -.-> n2',
        '  n1 --> n0',
        '  classDef added fill:#dafbe1,stroke:#1a7f37',
        '  classDef modified fill:#fff8c5,stroke:#9a6700',
        '  classDef removed fill:#ffebe9,stroke:#cf222e',
        '  classDef more fill:#f6f8fa,stroke:#8c959f,stroke-dasharray:3 3',
        '```',
      ].join('\n'),
    );
  });

  it('keeps hostile symbol names inside their labels and the fence', () => {
    const evil = 'x"]; click n0 "javascript:alert(1)"; %% ```\n<img src=x onerror=alert(1)> @org/team -->';
    const adjacency = buildAdjacency([call(evil, 'ok.f'), call('ok.f', `${evil}2`)]);
    const block = renderMermaid([changedSym('ok.f'), changedSym(evil, 'removed')], adjacency);
    const lines = body(block);
    const nodeLines = lines.filter((l) => l.includes('['));
    expect(nodeLines).toHaveLength(3);
    for (const line of nodeLines) expect(line).toMatch(NODE_LINE);
    // Every other line is ours: the header, edges between generated ids, class definitions.
    for (const line of lines.filter((l) => !l.includes('['))) expect(line).toMatch(/^(flowchart LR| {2}n\d+ -\.?-> n\d+| {2}classDef \w+ [\w:#,.\- ]+)$/);
    expect(lines.join('\n')).not.toContain('`');
    expect(block.match(/```/g)).toHaveLength(2);
  });

  it('caps the graph at 40 nodes including a "+N more" node', () => {
    const edges = Array.from({ length: 100 }, (_, i) => call(`c.caller${String(i).padStart(3, '0')}`, 'lib.f'));
    const lines = body(renderMermaid([changedSym('lib.f')], buildAdjacency(edges)));
    const nodes = lines.filter((l) => NODE_LINE.test(l));
    expect(nodes).toHaveLength(40);
    // 101 nodes in all, 39 drawn.
    expect(nodes.at(-1)).toBe('  more["#43;62 more"]:::more');
    expect(lines.filter((l) => l.includes('-->'))).toHaveLength(38);
  });

  it('shares the cap round-robin so one busy symbol cannot crowd out the others', () => {
    const edges = ['a', 'b'].flatMap((t) => Array.from({ length: 50 }, (_, i) => call(`${t}.caller${String(i).padStart(2, '0')}`, `lib.${t}`)));
    const nodes = body(renderMermaid([changedSym('lib.a'), changedSym('lib.b')], buildAdjacency(edges), { maxNodes: 8 })).filter((l) => NODE_LINE.test(l));
    expect(nodes.map((l) => /\["([^"]*)"/.exec(l)![1])).toEqual([
      'lib.a #40;modified#41;',
      'lib.b #40;modified#41;',
      'a.caller00',
      'b.caller00',
      'a.caller01',
      'b.caller01',
      'a.caller02',
      '#43;95 more',
    ]);
  });

  // httpx 66225539: 37 of the 40 nodes were tests calling `Request.__init__`, and none of its callees was drawn.
  it("draws a changed symbol's test callers as one node after its other callers, given isTest", () => {
    const adjacency = buildAdjacency([call('app.main', 'lib.f'), call('tests.t1', 'lib.f'), call('tests.t2', 'lib.f'), call('tests.t3', 'lib.f'), call('lib.f', 'lib.g'), call('tests.t1', 'lib.h')]);
    const isTest = (id: string) => id.startsWith('tests.');
    expect(body(renderMermaid([changedSym('lib.f'), changedSym('lib.h')], adjacency, { isTest })).filter((l) => !l.includes('classDef'))).toEqual([
      'flowchart LR',
      '  n0["lib.f #40;modified#41;"]:::modified',
      '  n1["lib.h #40;modified#41;"]:::modified',
      '  n2["app.main"]',
      '  n3["tests.t1"]',
      '  n4["3 tests"]',
      '  n5["lib.g"]',
      '  n0 --> n5',
      '  n2 --> n0',
      '  n3 --> n1',
      '  n4 --> n0',
    ]);
    // A single test caller stays itself, and without isTest nothing is folded.
    expect(renderMermaid([changedSym('lib.h')], adjacency, { isTest })).toContain('["tests.t1"]');
    expect(renderMermaid([changedSym('lib.f')], adjacency)).toContain('["tests.t3"]');
  });

  it('renders nothing when nothing changed, and the same text every time', () => {
    const adjacency = buildAdjacency([call('x', 'y')]);
    expect(renderMermaid([], adjacency)).toBe('');
    const changed = [changedSym('y'), changedSym('x', 'added')];
    expect(renderMermaid(changed, adjacency)).toBe(renderMermaid(changed, adjacency));
  });
});
