// Interns lowercased ASCII token spans to dense integer ids without creating a string for a term
// already seen: an open-addressing table (FNV-1a hashes) that compares characters in place. Both search
// indexes (bm25.ts, fieldIndex.ts) build their term streams through it; a regex-and-Map version spends
// its time creating and hashing strings.

/** Interns lowercased token spans to dense integer ids without creating strings for known terms. */
export class TermInterner {
  terms: string[] = [];
  private hashes = new Uint32Array(1024);
  private slots = new Int32Array(1 << 16).fill(-1);
  private mask = (1 << 16) - 1;

  intern(text: string, start: number, end: number): number {
    let h = 2166136261;
    for (let i = start; i < end; i++) h = Math.imul(h ^ lower(text.charCodeAt(i)), 16777619);
    h >>>= 0;
    let slot = h & this.mask;
    for (;;) {
      const id = this.slots[slot]!;
      if (id === -1) break;
      if (this.hashes[id] === h && this.same(this.terms[id]!, text, start, end)) return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.terms.length;
    this.terms.push(text.slice(start, end).toLowerCase());
    if (id === this.hashes.length) {
      const grown = new Uint32Array(id * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = h;
    this.slots[slot] = id;
    if (this.terms.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private same(term: string, text: string, start: number, end: number): boolean {
    if (term.length !== end - start) return false;
    for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) !== lower(text.charCodeAt(start + i))) return false;
    return true;
  }

  private rehash(): void {
    const size = this.slots.length * 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let id = 0; id < this.terms.length; id++) {
      let slot = this.hashes[id]! & this.mask;
      while (this.slots[slot] !== -1) slot = (slot + 1) & this.mask;
      this.slots[slot] = id;
    }
  }
}

/** ASCII lowercase; the span scanner only yields ASCII spans. */
function lower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}
