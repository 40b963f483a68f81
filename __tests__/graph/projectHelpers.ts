// Test helper: writes a small Python project to a fresh temp dir, extracts it with the real parser
// and extractor, and resolves it. Nothing here is mocked.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { buildCallGraph, type CallGraphOptions } from '../../src/graph/callGraph.js';
import type { Edge, FileRecord } from '../../src/model.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

export function writeProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'repodigest-graph-'));
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

function pythonFiles(root: string): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) stack.push(full);
      else if (name.endsWith('.py')) out.push(full);
    }
  }
  return out.sort();
}

export async function extractProject(files: Record<string, string>): Promise<FileRecord[]> {
  const parser = await loadPythonParser();
  const root = writeProject(files);
  return pythonFiles(root).map((p) => extractFile(parser, relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8')));
}

export async function graphOf(files: Record<string, string>, options?: CallGraphOptions): Promise<Edge[]> {
  return buildCallGraph(await extractProject(files), options);
}

/** `from -> to` for the calls edges, with the resolution when asked. */
export function callPairs(edges: readonly Edge[], withResolution = false): string[] {
  return edges
    .filter((e) => e.kind === 'calls')
    .map((e) => `${e.from} -> ${e.to}${withResolution ? ` (${e.resolution})` : ''}`);
}

export function pairsOf(edges: readonly Edge[], kind: Edge['kind']): string[] {
  return edges.filter((e) => e.kind === kind).map((e) => `${e.from} -> ${e.to}`);
}
