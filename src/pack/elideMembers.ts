// A root whose text holds code already in the document (a query's class root after its method roots)
// is shown with one reference line in place of each such member: its header and `# shown above`. The
// packer never packs a line twice otherwise (packState.ts): a member after its packed class is
// contained in it, and a non-root class after its packed member is shown as its signature; only a
// root, which is shown whole, could repeat them (pure).
import type { PySymbol } from '../model.js';
import type { DigestItem, PackMode } from './document.js';
import { ancestors } from './packState.js';

/** The outermost items packed in full (or in one of `modes`) whose symbol lies inside `symbol`. */
export function packedInside(symbol: PySymbol, items: readonly DigestItem[], symbols: ReadonlyMap<string, PySymbol>, modes: readonly PackMode[] = ['full']): PySymbol[] {
  const inside = items
    .filter((it) => modes.includes(it.mode) && it.id !== symbol.id)
    .flatMap((it) => {
      const s = symbols.get(it.id);
      return s && s.file === symbol.file && ancestors(s, symbols).some((a) => a.id === symbol.id) ? [s] : [];
    });
  const ids = new Set(inside.map((s) => s.id));
  return inside.filter((s) => !ancestors(s, symbols).some((a) => ids.has(a.id))).sort((a, b) => a.startLine - b.startLine);
}

/** `symbol.full` with each of `members` (inside it, in line order) replaced by its reference line. */
export function elideMembers(symbol: PySymbol, members: readonly PySymbol[]): string {
  const lines = symbol.full.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = symbol.startLine + i;
    const member = members.find((m) => line >= m.startLine && line <= m.endLine);
    if (!member) {
      out.push(lines[i]!);
      continue;
    }
    const own = member.full.split('\n');
    const header = own.find((l) => /^\s*(async\s+)?(def|class)\b/.test(l)) ?? own[0] ?? '';
    const indent = /^\s*/.exec(lines[i]!)?.[0] ?? '';
    const shown = header.trimEnd().endsWith(':') ? header.trim() : `${header.trim()} …`;
    out.push(`${indent}${shown} ...  # shown above`);
    i += member.endLine - line;
  }
  return out.join('\n');
}
