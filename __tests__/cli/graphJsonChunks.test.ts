// `graph --format json` is written in pieces (cli/commands/graph.ts); the pieces must join to exactly
// the one-string JSON.stringify text, on a real project with every optional field, and on an empty one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { graphCommandChunks } from '../../src/cli/commands/graph.js';
import type { Edge, RepoIndex } from '../../src/model.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rd-graphjson-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The text the command printed before it was written in pieces. */
function oneString(index: RepoIndex, edges: readonly Edge[]): string {
  const symbols = index.symbols.map((s) => ({ id: s.id, file: s.file, name: s.name, kind: s.kind, startLine: s.startLine, endLine: s.endLine }));
  const jsonEdges = edges.map((e) => ({
    from: e.from,
    to: e.to,
    kind: e.kind,
    resolution: e.resolution,
    ...((e.kind === 'calls' || e.kind === 'references') && e.lines && e.lines.length > 0 ? { line: e.lines[0], lines: e.lines } : {}),
    ...(e.confidence !== undefined ? { confidence: e.confidence } : {}),
  }));
  return `${JSON.stringify({ symbols, edges: jsonEdges }, null, 2)}\n`;
}

describe('graph --format json in pieces', () => {
  it('joins to the same bytes on a real project (lines, heuristic confidence)', async () => {
    const helpers = 'def helper(x):\n    return x\n\n\ndef run(obj):\n    helper(1)\n    helper(2)\n    obj.drain_queue()\n    return helper\n';
    const many = Array.from({ length: 2100 }, (_, i) => `def f${i}():\n    helper(${i})\n`).join('\n');
    const root = project({
      'pkg/__init__.py': '',
      'pkg/util.py': helpers,
      'pkg/io.py': 'class Stream:\n    def drain_queue(self):\n        pass\n',
      'pkg/many.py': `from .util import helper\n\n${many}`,
    });
    const index = await indexRepository(root);
    expect(index.edges.some((e) => e.lines && e.lines.length > 1)).toBe(true);
    expect(index.edges.some((e) => e.confidence !== undefined)).toBe(true);
    expect(index.edges.length).toBeGreaterThan(2000); // more than one piece
    const chunks = [...graphCommandChunks(index, { format: 'json', resolution: 'all' })];
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(oneString(index, index.edges));
  });

  it('an empty project prints empty arrays the way JSON.stringify does', async () => {
    const index = await indexRepository(project({ 'README.md': 'no python\n' }));
    expect([...graphCommandChunks(index, { format: 'json', resolution: 'all' })].join('')).toBe(oneString(index, []));
  });
});
