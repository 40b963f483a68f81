// Test helper: a real Python project on disk, read back and run through the real extractor and the
// name-based graph, as the pipeline does.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Adjacency, buildAdjacency } from '../../src/graph/adjacency.js';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import type { Edge, FileRecord, PySymbol } from '../../src/model.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

export interface Project {
  root: string;
  files: FileRecord[];
  symbols: Map<string, PySymbol>;
  edges: Edge[];
  adjacency: Adjacency;
}

/** Writes `sources` (relative path -> text) under a fresh temp dir and extracts each file, in path order. */
export async function writeAndExtract(sources: Record<string, string>, prefix = 'repodigest-pack-'): Promise<{ root: string; files: FileRecord[] }> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const parser = await loadPythonParser();
  const files: FileRecord[] = [];
  for (const rel of Object.keys(sources).sort()) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, sources[rel]!);
    files.push(extractFile(parser, rel, readFileSync(abs, 'utf8')));
  }
  return { root, files };
}

/** Writes `sources` (relative path -> text) under a fresh temp dir and indexes them. */
export async function pythonProject(sources: Record<string, string>, extraEdges: Edge[] = []): Promise<Project> {
  const { root, files } = await writeAndExtract(sources);
  const symbols = new Map<string, PySymbol>();
  for (const file of files) for (const symbol of file.symbols) symbols.set(symbol.id, symbol);
  const edges = [...buildCallGraph(files), ...extraEdges];
  return { root, files, symbols, edges, adjacency: buildAdjacency(edges) };
}

/** Python source: lines joined, dedented by the common indentation, with a final newline. */
export function py(text: string): string {
  const lines = text.replace(/^\n/, '').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = Math.min(...indents);
  return `${lines.map((l) => l.slice(cut)).join('\n').trimEnd()}\n`;
}
