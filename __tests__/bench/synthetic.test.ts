// The synthetic monorepo and the bench's scripted change: deterministic, valid Python, and realistic
// enough that the real index finds cross-module calls, imports and inheritance in it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyScriptedChange, changeOneFunction } from '../../scripts/bench/changeCommit.js';
import { syntheticFiles } from '../../scripts/bench/syntheticFiles.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

const all = (n: number, seed: number) => [...syntheticFiles(n, seed)];

describe('syntheticFiles', () => {
  it('gives exactly n files, the same bytes for the same seed, other bytes for another, and a smaller size is a prefix of a larger', () => {
    const a = all(130, 7);
    expect(a).toHaveLength(130);
    expect(new Set(a.map((f) => f.path)).size).toBe(130);
    expect(all(130, 7)).toEqual(a);
    expect(all(130, 8)).not.toEqual(a);
    expect(all(45, 7)).toEqual(a.slice(0, 45));
  });

  it('is Python that tree-sitter parses without an error node', async () => {
    const parser = await loadPythonParser();
    for (const file of all(260, 3)) {
      const tree = parser.parse(file.text);
      expect(tree.rootNode.hasError, file.path).toBe(false);
      tree.delete();
    }
  });

  it('indexes into resolved calls across modules, imports and inheritance, with tests calling the code', async () => {
    const root = mkdtempSync(join(tmpdir(), 'repodigest-synthetic-'));
    for (const file of all(260, 1)) {
      mkdirSync(dirname(join(root, file.path)), { recursive: true });
      writeFileSync(join(root, file.path), file.text);
    }
    const index = await indexRepository(root);
    expect(index.files).toHaveLength(260);
    expect(index.skippedFiles).toEqual([]);
    const moduleOf = (id: string) => index.byId.get(id)?.file;
    const resolvedCalls = index.edges.filter((e) => e.kind === 'calls' && e.resolution === 'resolved');
    const crossModule = resolvedCalls.filter((e) => moduleOf(e.from) !== moduleOf(e.to));
    expect(crossModule.length).toBeGreaterThan(200);
    expect(index.edges.filter((e) => e.kind === 'inherits' && e.resolution === 'resolved').length).toBeGreaterThan(20);
    expect(index.edges.filter((e) => e.kind === 'imports').length).toBeGreaterThan(200);
    expect(crossModule.some((e) => moduleOf(e.from)?.includes('/tests/'))).toBe(true);
    expect(index.symbols.filter((s) => s.kind === 'method').length).toBeGreaterThan(500);
  });
});

describe('the scripted change', () => {
  it('appends one statement at the end of the first function with a one-line header and a 3-line body', () => {
    const text = ['def short():', '    return 1', '', 'class A:', '    def long(self, x):', '        """Doc."""', '        y = x + 1', '        return y', '', '    def after(self):', '        pass', ''].join('\n');
    const edit = changeOneFunction(text, 2)!;
    expect(edit.name).toBe('long');
    expect(edit.line).toBe(5);
    expect(edit.text.split('\n').slice(7, 10)).toEqual(['        return y', '        _bench_change_2 = 2  # scripted change of the benchmark', '']);
    expect(changeOneFunction('def f():\n    return 1\n', 1)).toBeUndefined();
  });

  it('changes 3 functions of 3 files and leaves valid Python', async () => {
    const root = mkdtempSync(join(tmpdir(), 'repodigest-change-'));
    const files = all(60, 2);
    for (const file of files) {
      mkdirSync(dirname(join(root, file.path)), { recursive: true });
      writeFileSync(join(root, file.path), file.text);
    }
    const changed = applyScriptedChange(root);
    expect(changed).toHaveLength(3);
    expect(new Set(changed.map((c) => c.path)).size).toBe(3);
    const parser = await loadPythonParser();
    for (const c of changed) {
      const text = readFileSync(join(root, c.path), 'utf8');
      expect(text).not.toBe(files.find((f) => f.path === c.path)!.text);
      const tree = parser.parse(text);
      expect(tree.rootNode.hasError).toBe(false);
      tree.delete();
    }
  });
});
