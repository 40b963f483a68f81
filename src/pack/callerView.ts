// How a caller is shown: by the lines that call what the document holds (pure).
//
// Decisions:
// - A caller is context for its call: the line that calls the changed (or packed) code is what a reader
//   needs, with enough of the enclosing function to see what flows into it. A function, method or class
//   longer than WHOLE_LINES is shown as its header, then CONTEXT lines either side of each call line,
//   with `…` where lines are cut; a shorter one is shown whole.
// - Module-level code is no function: its "body" is whatever lies between definitions (imports,
//   `__all__`, licence headers), which says nothing about the call. A module caller is shown as its call
//   lines only (a decorator line with the `def`/`class` line it decorates), at most MAX_MODULE_LINES.
// - The text of a module-level line comes from the definition whose span holds it (a decorator line is
//   in its class's span), else from the module's own code, where it is looked up near its position by
//   the name it calls (the module's own code folds runs of blank lines, python/render.ts moduleFull).
import type { PySymbol } from '../model.js';
import type { ItemView } from './document.js';
import type { PackRun } from './packRun.js';

export const WHOLE_LINES = 24;
export const CONTEXT = 3;
export const MAX_MODULE_LINES = 12;

export interface CallerViewInput {
  symbol: PySymbol;
  /** Head lines of the calls to what the document holds, with the called name (last dotted part). */
  calls: readonly { line: number; name: string }[];
  /** The file's symbols (for the text of a module-level line). */
  fileSymbols: readonly PySymbol[];
}

const ELLIPSIS = '…';

function indentOf(text: string): string {
  return /^\s*/.exec(text)?.[0] ?? '';
}

/** Lines `from..to` of a definition's own text (`full` starts at its first line, decorators included). */
function ownLine(symbol: PySymbol, line: number): string | undefined {
  if (line < symbol.startLine || line > symbol.endLine) return undefined;
  return symbol.full.split('\n')[line - symbol.startLine];
}

/** The number of lines of a definition's header: decorators, then the `def`/`class` line(s) up to the one ending in `:`. */
function headerLines(symbol: PySymbol): number {
  const lines = symbol.full.split('\n');
  let i = lines.findIndex((l) => /^\s*(async\s+)?(def|class)\b/.test(l));
  if (i < 0) return 1;
  for (; i < lines.length; i++) if (endsBlockHeader(lines[i]!)) return i + 1;
  return 1;
}

/** Whether a line ends with `:`, a trailing comment aside (read by hand: linear on any line). */
function endsBlockHeader(line: string): boolean {
  const hash = line.indexOf('#');
  return (hash < 0 ? line : line.slice(0, hash)).trimEnd().endsWith(':');
}

/** A function, method or class cut to its header and windows around `lines` (see the top of the file). */
function windowText(symbol: PySymbol, lines: readonly number[]): string | undefined {
  const text = symbol.full.split('\n');
  const keep = new Set<number>();
  for (let i = 0; i < headerLines(symbol); i++) keep.add(i);
  for (const line of lines) {
    const at = line - symbol.startLine;
    for (let i = Math.max(0, at - CONTEXT); i <= Math.min(text.length - 1, at + CONTEXT); i++) keep.add(i);
  }
  if (keep.size >= text.length) return undefined;
  const out: string[] = [];
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    if (!keep.has(i)) continue;
    if (i > last + 1) out.push(`${indentOf(text[i]!)}${ELLIPSIS}`);
    out.push(text[i]!);
    last = i;
  }
  if (last < text.length - 1) out.push(`${indentOf(text[last]!)}${ELLIPSIS}`);
  return out.join('\n');
}

/** The text of a module-level line (see the top of the file); undefined when it cannot be told. */
function moduleLine(module: PySymbol, fileSymbols: readonly PySymbol[], line: number, name: string): { text: string; holder?: PySymbol } | undefined {
  const top = fileSymbols.filter((s) => s.parent === module.id);
  const holder = top.find((s) => line >= s.startLine && line <= s.endLine);
  if (holder) {
    const text = ownLine(holder, line);
    return text === undefined ? undefined : { text, holder };
  }
  // Position among the module's own lines if no blank line was folded: the true one is at or before it.
  const removedBefore = top.reduce((sum, s) => sum + Math.max(0, Math.min(s.endLine, line - 1) - s.startLine + 1), 0);
  const own = module.full.split('\n');
  // A constructor (or a call of an instance) is written as the class's or the object's name, which
  // may be a subclass's: its line is found by the call alone.
  const written = /^__(?:init|new|call)__$/.test(name) ? '(' : name;
  for (let i = Math.min(own.length - 1, line - 1 - removedBefore); i >= 0; i--) if (own[i]!.includes(written)) return { text: own[i]! };
  return undefined;
}

/** A module caller as its call lines only (see the top of the file). */
function moduleText(input: CallerViewInput): { text: string; shown: number[] } | undefined {
  const { symbol, fileSymbols } = input;
  const byLine = new Map<number, string>();
  for (const { line, name } of [...input.calls].sort((a, b) => a.line - b.line)) {
    if (byLine.size >= MAX_MODULE_LINES || byLine.has(line)) continue;
    const found = moduleLine(symbol, fileSymbols, line, name);
    if (!found) continue;
    let text = found.text;
    // A decorator line: with the header it decorates.
    if (found.holder && /^\s*@/.test(text)) {
      for (let next = line + 1; next <= found.holder.endLine; next++) {
        const t = ownLine(found.holder, next) ?? '';
        if (/^\s*@/.test(t)) continue;
        text = `${text}\n${t}`;
        break;
      }
    }
    byLine.set(line, text);
  }
  if (byLine.size === 0) return undefined;
  const shown = [...byLine.keys()];
  return { text: shown.map((l) => byLine.get(l)!).join(`\n${ELLIPSIS}\n`), shown };
}

/** The view of a caller, or undefined when it is shown whole (short, or no call line known). */
export function callerView(input: CallerViewInput): ItemView | undefined {
  const { symbol, calls } = input;
  if (calls.length === 0) return undefined;
  if (symbol.kind === 'module') {
    const cut = moduleText(input);
    if (!cut) return undefined;
    const more = new Set(calls.map((c) => c.line)).size - cut.shown.length;
    const note = `Module-level code: only its call lines (${cut.shown.join(', ')})${more > 0 ? ` and ${more} more listed in the call sites` : ''}.`;
    return { text: cut.text, mode: 'window', notes: [note] };
  }
  if (symbol.endLine - symbol.startLine + 1 <= WHOLE_LINES) return undefined;
  const text = windowText(symbol, calls.map((c) => c.line));
  if (text === undefined) return undefined;
  return { text, mode: 'window', notes: [`Only the lines around its calls (${[...new Set(calls.map((c) => c.line))].sort((a, b) => a - b).join(', ')}), ${CONTEXT} lines either side.`] };
}

const fileSymbolsOf = new WeakMap<ReadonlyMap<string, PySymbol>, Map<string, PySymbol[]>>();

/** The symbols of `file` among `symbols` (built once per symbol map). */
function symbolsIn(symbols: ReadonlyMap<string, PySymbol>, file: string): readonly PySymbol[] {
  let byFile = fileSymbolsOf.get(symbols);
  if (!byFile) {
    byFile = new Map();
    for (const s of symbols.values()) {
      const list = byFile.get(s.file);
      if (list) list.push(s);
      else byFile.set(s.file, [s]);
    }
    fileSymbolsOf.set(symbols, byFile);
  }
  return byFile.get(file) ?? [];
}

/**
 * The text of line `line` of `caller` (a definition or module-level code), the call there being to
 * `name`; undefined when it cannot be told (see the top of the file).
 */
export function callLineText(symbols: ReadonlyMap<string, PySymbol>, caller: PySymbol, line: number, name: string): string | undefined {
  if (caller.kind === 'module') return moduleLine(caller, symbolsIn(symbols, caller.file), line, name)?.text;
  return ownLine(caller, line);
}

/** A caller's view in a pack: its calls to what the document holds (roots, packed symbols and what they contain). */
export function callerViewIn(run: PackRun, symbol: PySymbol): ItemView | undefined {
  const { input, state, rootSet, symbols } = run;
  if (input.removed?.has(symbol.id)) return undefined;
  const calls: { line: number; name: string }[] = [];
  for (const n of input.adjacency.callees(symbol.id)) {
    const target = symbols.get(n.id);
    if (target === undefined) continue;
    const held = rootSet.has(n.id) || state.packedMode(n.id) !== undefined || state.containerOf(target, 'full') !== undefined;
    if (!held) continue;
    const name = (n.id.slice(n.id.lastIndexOf('.') + 1) || n.id).replace(/#\d+$/, '');
    for (const line of n.lines) calls.push({ line, name });
  }
  return callerView({ symbol, calls, fileSymbols: symbolsIn(symbols, symbol.file) });
}
