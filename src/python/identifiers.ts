// Python reads identifiers in NFKC normal form (PEP 3131: "All identifiers are converted into the
// normal form NFKC while parsing"), so `def ｈelper` (fullwidth h) defines `helper` and replaces an
// earlier `helper`. Names are normalised here, where extraction reads them from source, so binding
// and resolution (graph/) see the names Python sees and need no change of their own. Code text
// (`full`, `signature`), docstrings and string literals (`__all__` entries: Python looks those up
// as written) stay as written; so do the string literals and comments inside expression texts
// (defaults, decorators, annotations), which are shown and checked against the file. A definition
// spelled otherwise keeps its spelling in `spelledAs`, and the file gets a note, so the digest can
// say what Python will do.
import type { Binding, CallSite, FileRecord, Param, PySymbol, RefExpr } from '../model.js';

const NON_ASCII = /[^\x00-\x7f]/;

/** The name Python binds for an identifier spelled `raw` (ASCII is already normal). */
export function pythonName(raw: string): string {
  return NON_ASCII.test(raw) ? raw.normalize('NFKC') : raw;
}

/**
 * An expression's text with its names as Python reads them and everything else as written: string
 * literals (f-strings whole) and comments are copied, the code between them normalised. A backslash
 * inside a literal always skips the next character, which is right for raw literals too (a raw
 * literal cannot end on an odd backslash).
 */
export function pythonCode(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  let out = '';
  let code = 0;
  let i = 0;
  // Copies text[from, to) as written, after the code before it normalised.
  const verbatim = (from: number, to: number) => {
    out += text.slice(code, from).normalize('NFKC') + text.slice(from, to);
    code = i = to;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') {
      const newline = text.indexOf('\n', i);
      verbatim(i, newline < 0 ? text.length : newline);
    } else if (c === '"' || c === "'") {
      const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      let j = i + quote.length;
      while (j < text.length && !text.startsWith(quote, j)) j += text[j] === '\\' ? 2 : 1;
      verbatim(i, Math.min(j + quote.length, text.length));
    } else i++;
  }
  return out + text.slice(code).normalize('NFKC');
}

/** Whether a text has anything to normalise: most files are ASCII, and the walk below is skipped. */
export function hasNonAscii(text: string): boolean {
  return NON_ASCII.test(text);
}

/** The note for a definition spelled otherwise than the name Python binds. */
export function lookalikeNote(symbol: PySymbol): string | undefined {
  if (symbol.spelledAs === undefined) return undefined;
  const normal = symbol.name.split('.').at(-1) ?? symbol.name;
  return `line ${symbol.startLine}: \`${symbol.spelledAs}\` is the same name as \`${normal}\` to Python`;
}

function ref(expr: RefExpr): RefExpr {
  switch (expr.t) {
    case 'name':
      return { t: 'name', name: pythonName(expr.name) };
    case 'attr':
      return { t: 'attr', object: ref(expr.object), attr: pythonName(expr.attr) };
    case 'call':
      return { t: 'call', callee: ref(expr.callee) };
    case 'subscript':
    case 'iter':
      return { t: expr.t, object: ref(expr.object) };
    case 'elements':
      return { ...expr, items: expr.items.map(ref) };
    default:
      return expr;
  }
}

function site(call: CallSite): CallSite {
  const out: CallSite = { ...call, callee: ref(call.callee) };
  if (call.args) out.args = call.args.map(ref);
  if (call.keywords) out.keywords = call.keywords.map((k) => ({ name: pythonName(k.name), value: ref(k.value) }));
  return out;
}

function param(p: Param): Param {
  const out: Param = { ...p, name: pythonName(p.name) };
  if (p.annotation !== undefined) out.annotation = pythonCode(p.annotation);
  if (p.default !== undefined) out.default = pythonCode(p.default);
  return out;
}

function binding(b: Binding): Binding {
  const out: Binding = { ...b, target: b.target.map(pythonName) };
  if (b.value) out.value = ref(b.value);
  if (b.annotation !== undefined) out.annotation = pythonCode(b.annotation);
  return out;
}

/**
 * Normalises every name a symbol's records hold (references, parameters, bindings, imports, and the
 * expression texts the resolver reads: bases, decorators, annotations). Definition names are
 * normalised earlier, when their ids are made (extract.ts), so `#2` numbering sees Python's names.
 */
export function normaliseNames(record: FileRecord): void {
  for (const sym of record.symbols) {
    sym.calls = sym.calls.map(site);
    if (sym.returnValues) sym.returnValues = sym.returnValues.map(ref);
    sym.params = sym.params.map(param);
    if (sym.returns !== undefined) sym.returns = pythonCode(sym.returns);
    sym.bases = sym.bases.map(pythonCode);
    sym.decorators = sym.decorators.map(pythonCode);
    sym.bindings = sym.bindings.map(binding);
    sym.imports = sym.imports.map((i) => {
      const out = { ...i, module: pythonName(i.module) };
      if (out.kind === 'from') out.name = pythonName(out.name);
      if (i.alias !== undefined) out.alias = pythonName(i.alias);
      return out;
    });
  }
  for (const sym of record.symbols) {
    const note = lookalikeNote(sym);
    if (note) record.notes.push(note);
  }
}
