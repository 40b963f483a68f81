// Shared by the python/ tests: the real parser, loaded once per test file, and small lookups.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallSite, FileRecord, PySymbol, RefExpr } from '../../src/model.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python');

/** Strips the common indentation of a template literal, so tests can indent their Python. */
export function py(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = String.raw({ raw: strings.raw }, ...values).replace(/^\n/, '');
  const lines = raw.split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const indent = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(indent)).join('\n').replace(/[ \t]+$/, '');
}

export async function extract(source: string, relPath = 'pkg/mod.py'): Promise<FileRecord> {
  return extractFile(await loadPythonParser(), relPath, source);
}

export async function extractFixture(relPath: string): Promise<FileRecord> {
  return extract(readFileSync(join(FIXTURES, relPath), 'utf8'), relPath);
}

export function symbol(record: FileRecord, id: string): PySymbol {
  const found = record.symbols.find((s) => s.id === id);
  if (!found) throw new Error(`no symbol ${id}; have ${record.symbols.map((s) => s.id).join(', ')}`);
  return found;
}

/** RefExpr as compact text: `a.b.c`, `make().m`, `super().m`, `x[]`, `iter(p)`, `iter(p)#1`, `[f, g]`, `{f, g}` (dict values), `<other>`. */
export function refText(ref: RefExpr): string {
  switch (ref.t) {
    case 'name':
      return ref.name;
    case 'attr':
      return `${refText(ref.object)}.${ref.attr}`;
    case 'call':
      return `${refText(ref.callee)}()`;
    case 'super':
      return 'super()';
    case 'subscript':
      return `${refText(ref.object)}[]`;
    case 'iter':
      // `iter(p)#1`: the element at 1 (unpacking); `iter(p)#1*0`: the starred rest from 1 to 0 before the end.
      return `iter(${refText(ref.object)})${ref.at === undefined ? '' : `#${ref.at}`}${ref.star === undefined ? '' : `*${ref.star}`}`;
    case 'elements':
      return `${ref.dict ? '{' : '['}${ref.items.map(refText).join(', ')}${ref.dict ? '}' : ']'}`;
    case 'other':
      return '<other>';
  }
}

/** Call sites as `via:callee@line`, in the symbol's order. */
export function calls(sym: PySymbol, via?: CallSite['via']): string[] {
  return sym.calls.filter((c) => !via || c.via === via).map((c) => `${c.via}:${refText(c.callee)}@${c.line}`);
}
