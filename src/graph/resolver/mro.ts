// Method resolution order (C3), computed once per class and memoised.
//
// Bases that are not project classes stay in the order as sentinels: `EXTERNAL_BASE` (an import from
// outside the project, or a builtin such as `Exception`) and `UNKNOWN_BASE` (a name nothing binds).
// A member lookup that reaches a sentinel before finding the member stops there: the member may
// live in that base, so we neither claim an edge nor fall back by name into the wrong class.
// Inheritance cycles (`class A(B)`, `class B(A)`) cannot exist at runtime (the second class statement
// fails), so every class on the cycle gets the MRO [itself, EXTERNAL_BASE]: its own members still
// resolve, and a lookup past them stops without an edge or a guess into the other cycle members. The walk uses an explicit stack: hierarchy depth is
// input, and a 10,000-class chain must not overflow the call stack.
export const EXTERNAL_BASE = '\u0000external';
export const UNKNOWN_BASE = '\u0000unknown';

export type BaseRef = { k: 'class'; id: string } | { k: 'ext' } | { k: 'unknown' };

interface Frame {
  id: string;
  bases: string[];
  next: number;
  cyclic: boolean;
}

/** C3 merge in O(total length x lists): heads advance by index, tail membership is counted. */
function c3Merge(lists: readonly (readonly string[])[]): string[] | undefined {
  const seqs = lists.filter((l) => l.length > 0);
  const heads = seqs.map(() => 0);
  const inTail = new Map<string, number>();
  for (const seq of seqs) for (let i = 1; i < seq.length; i++) inTail.set(seq[i]!, (inTail.get(seq[i]!) ?? 0) + 1);
  const out: string[] = [];
  for (;;) {
    let head: string | undefined;
    let open = false;
    for (let s = 0; s < seqs.length; s++) {
      if (heads[s]! >= seqs[s]!.length) continue;
      open = true;
      const candidate = seqs[s]![heads[s]!]!;
      if (!inTail.get(candidate)) {
        head = candidate;
        break;
      }
    }
    if (!open) return out;
    if (head === undefined) return undefined;
    out.push(head);
    for (let s = 0; s < seqs.length; s++) {
      const seq = seqs[s]!;
      if (heads[s]! < seq.length && seq[heads[s]!] === head) {
        heads[s]!++;
        if (heads[s]! < seq.length) inTail.set(seq[heads[s]!]!, inTail.get(seq[heads[s]!]!)! - 1);
      }
    }
  }
}

/** Left-to-right depth-first order without repeats: the fallback when C3 has no solution. */
function dfsOrder(id: string, baseMros: readonly (readonly string[])[]): string[] {
  const seen = new Set([id]);
  for (const mro of baseMros) for (const c of mro) seen.add(c);
  return [...seen];
}

/**
 * No real hierarchy comes near this depth; capping it keeps a generated 20,000-class chain linear
 * instead of quadratic. What lies past the cap is unknown (lookups there end without an edge).
 */
export const MAX_MRO_LENGTH = 256;

function capped(mro: string[]): string[] {
  return mro.length <= MAX_MRO_LENGTH ? mro : [...mro.slice(0, MAX_MRO_LENGTH - 1), UNKNOWN_BASE];
}

export interface MroComputer {
  mro(classId: string): readonly string[];
}

export interface BaseSource {
  basesOf(classId: string): BaseRef[];
}

/**
 * A class, not closures: closures made per resolution die with it, and V8 then throws away the optimized
 * resolver code that inlined them (graph/callGraph.ts, top of file).
 */
class C3Mro implements MroComputer {
  private readonly memo = new Map<string, string[]>();
  private readonly visiting = new Set<string>();
  constructor(private readonly source: BaseSource) {}

  private baseIds(classId: string): string[] {
    return this.source.basesOf(classId).map((b) => (b.k === 'class' ? b.id : b.k === 'ext' ? EXTERNAL_BASE : UNKNOWN_BASE));
  }

  private finish(frame: Frame): void {
    const memo = this.memo;
    if (frame.cyclic) {
      memo.set(frame.id, [frame.id, EXTERNAL_BASE]);
      return;
    }
    const bases = frame.bases;
    const baseMros = bases.map((b) => (b === EXTERNAL_BASE || b === UNKNOWN_BASE ? [b] : memo.get(b) ?? [UNKNOWN_BASE]));
    if (bases.length === 1) {
      memo.set(frame.id, capped([frame.id, ...baseMros[0]!])); // C3 of a single base is its MRO
      return;
    }
    const merged = c3Merge([...baseMros, bases]);
    memo.set(frame.id, capped(merged ? [frame.id, ...merged] : dfsOrder(frame.id, baseMros)));
  }

  mro(classId: string): readonly string[] {
    const memo = this.memo;
    const visiting = this.visiting;
    const known = memo.get(classId);
    if (known) return known;
    if (visiting.has(classId)) return [classId];
    const stack: Frame[] = [];
    visiting.add(classId);
    stack.push({ id: classId, bases: this.baseIds(classId), next: 0, cyclic: false });
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.next >= frame.bases.length) {
        this.finish(frame);
        visiting.delete(frame.id);
        stack.pop();
        continue;
      }
      const i = frame.next++;
      const base = frame.bases[i]!;
      if (base === EXTERNAL_BASE || base === UNKNOWN_BASE || memo.has(base)) continue;
      if (visiting.has(base)) {
        const start = stack.findIndex((f) => f.id === base);
        if (start < 0) frame.bases[i] = UNKNOWN_BASE; // on an outer walk's stack: cut without marking
        else for (let j = start; j < stack.length; j++) stack[j]!.cyclic = true;
        continue;
      }
      visiting.add(base);
      stack.push({ id: base, bases: this.baseIds(base), next: 0, cyclic: false });
    }
    return memo.get(classId) ?? [classId];
  }
}

/** `source`: an object with `basesOf` (the class model), or the function itself. */
export function createMroComputer(source: BaseSource | ((classId: string) => BaseRef[])): MroComputer {
  return new C3Mro(typeof source === 'function' ? { basesOf: source } : source);
}
