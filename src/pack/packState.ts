// What has been packed and skipped so far, and the containment rules that keep text from repeating.
//
// Containment (why): a class's full text includes its methods, a function's includes its nested
// functions, a class signature includes every method stub. So a symbol under an enclosing class or
// function packed in full is "contained in" it; in signature mode a method under a class packed as a
// signature is too. The module is never a container: its full text is only its module-level code
// (python/render.ts). The other way round, `holdsPacked` marks ancestors of full items, whose own full
// text would repeat them: the packer shows those as signatures.
import type { PySymbol } from '../model.js';
import type { DigestItem, DigestSkip, PackMode } from './document.js';

export const DROPPED = 'dropped: the rendered document exceeded the budget';

/** Enclosing classes and functions, innermost first (cycle-safe, stops at the module). */
export function ancestors(symbol: PySymbol, symbols: ReadonlyMap<string, PySymbol>): PySymbol[] {
  const out: PySymbol[] = [];
  const guard = new Set<string>();
  let parent = symbol.parent;
  while (parent !== undefined && !guard.has(parent)) {
    guard.add(parent);
    const p = symbols.get(parent);
    if (!p || p.kind === 'module') break;
    out.push(p);
    parent = p.parent;
  }
  return out;
}

export class PackState {
  readonly items: DigestItem[] = [];
  readonly skips: DigestSkip[] = [];
  private readonly modeOf = new Map<string, PackMode>();
  /** Ids with a descendant packed in full. */
  private readonly holdsPacked = new Set<string>();
  private readonly files = new Map<string, number>();
  /** Symbols whose full code a packed item holds without being packed in full itself: id -> that item (a class's construction view holds its `__init__`). */
  private readonly heldIn = new Map<string, string>();

  constructor(private readonly symbols: ReadonlyMap<string, PySymbol>) {}

  hasFile(file: string): boolean {
    return this.files.has(file);
  }

  holdsPackedCode(id: string): boolean {
    return this.holdsPacked.has(id);
  }

  /** How `id` is packed so far, if it is. */
  packedMode(id: string): PackMode | undefined {
    return this.modeOf.get(id);
  }

  /** Skips already inside a packed symbol (nothing lost; document.ts). */
  insidePackedCount(): number {
    let n = 0;
    for (const skip of this.skips) if (skip.within !== undefined) n++;
    return n;
  }

  /** `inside`: members whose full code the item's text holds (they are then contained in it). */
  add(item: DigestItem, inside: readonly string[] = []): void {
    for (const id of inside) this.heldIn.set(id, item.id);
    this.items.push(item);
    this.modeOf.set(item.id, item.mode);
    this.files.set(item.file, (this.files.get(item.file) ?? 0) + 1);
    this.markAncestors(item);
  }

  /** The packed symbol whose text already shows `symbol` in `mode`, if any. */
  containerOf(symbol: PySymbol, mode: PackMode): string | undefined {
    const chain = ancestors(symbol, this.symbols);
    for (const a of [symbol, ...chain]) {
      const holder = this.heldIn.get(a.id);
      if (holder !== undefined && this.modeOf.has(holder)) return holder;
    }
    for (const a of chain) if (this.modeOf.get(a.id) === 'full') return a.id;
    const parent = chain[0];
    if (mode === 'signature' && parent?.kind === 'class' && this.modeOf.get(parent.id) === 'signature') return parent.id;
    return undefined;
  }

  /** Undo one packed item: it becomes a skip, and skips it contained now say it went too. */
  drop(index: number, reason = DROPPED): void {
    const [item] = this.items.splice(index, 1);
    if (!item) return;
    this.modeOf.delete(item.id);
    for (const [id, holder] of this.heldIn) if (holder === item.id) this.heldIn.delete(id);
    this.holdsPacked.clear();
    for (const kept of this.items) this.markAncestors(kept);
    const left = (this.files.get(item.file) ?? 1) - 1;
    if (left === 0) this.files.delete(item.file);
    else this.files.set(item.file, left);
    for (let i = 0; i < this.skips.length; i++) {
      const skip = this.skips[i]!;
      if (skip.within === item.id) this.skips[i] = { id: skip.id, tokens: skip.tokens, reason: `${reason} (with ${item.id})` };
    }
    this.skips.push({ id: item.id, tokens: item.tokens, reason });
  }

  private markAncestors(item: DigestItem): void {
    const symbol = this.symbols.get(item.id);
    if (item.mode === 'full' && symbol) for (const a of ancestors(symbol, this.symbols)) this.holdsPacked.add(a.id);
  }
}
