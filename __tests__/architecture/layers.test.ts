// The layers of src/, read from the imports themselves: every import points down the list in
// docs/architecture.md (or stays inside its own folder), and no file or folder imports itself back
// through others. A new import that runs up a layer, or closes a cycle, fails here with its path.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/** Top to bottom; folders on one row are one layer and may not import each other. */
const LAYERS: readonly (readonly string[])[] = [
  ['action', 'cli', 'index.ts'],
  ['pr'],
  ['viewer'],
  ['pipeline'],
  ['render'],
  ['review'],
  ['pack'],
  ['diff'],
  ['search'],
  ['cache'],
  ['graph'],
  ['python'],
  ['files'],
  ['shared', 'model.ts'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.(ts|mjs)$/.test(name) ? [path] : [];
    });
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)|new URL\(\s*'(\.[^']+)'/g;

/** Every relative import of src/, as [from, to] paths relative to src/ (the .ts file a .js specifier names). */
function importsOf(): [string, string][] {
  const out: [string, string][] = [];
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      const target = normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts');
      out.push([relative(src, file), relative(src, target)]);
    }
  }
  return out;
}

/** A path's top-level unit: its folder under src/, or the file itself at the top. */
function unitOf(path: string): string {
  const [first, second] = path.split('/');
  return second === undefined ? first! : first!;
}

function rankOf(unit: string): number {
  return LAYERS.findIndex((row) => row.includes(unit));
}

function cycles(edges: readonly [string, string][]): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) if (a !== b) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

describe('the layers of src/', () => {
  const edges = importsOf().filter(([, to]) => /\.(ts|mjs)$/.test(to));

  it('knows every top-level folder and file', () => {
    const units = [...new Set(sourceFiles(src).map((f) => unitOf(relative(src, f))))].sort();
    expect(units.filter((u) => rankOf(u) < 0)).toEqual([]);
  });

  it('imports point down the layer list only', () => {
    const upward = edges
      .filter(([from, to]) => {
        const a = unitOf(from);
        const b = unitOf(to);
        return a !== b && rankOf(a) >= rankOf(b);
      })
      .map(([from, to]) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('no file imports itself back through others', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('no folder imports itself back through others', () => {
    const folders = edges.map(([a, b]) => [unitOf(a), unitOf(b)] as [string, string]);
    expect(cycles(folders)).toEqual([]);
  });
});
