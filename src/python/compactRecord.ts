// Compacts a FileRecord right after extraction, for the run's peak memory; what it holds is unchanged.
//
// Rule: equal immutable values are shared across the whole scan instead of one object per
// occurrence, because extraction leaves millions of small objects on a large repository (name
// references above all), and call sites grown by push carry spare array slots and out-of-object
// properties. So:
// - references without an `elements` node are hash-consed (one object per distinct value);
//   `elements` nodes keep their identity, because the resolver memoises them by object
//   (graph/resolver/containers.ts): only their items are replaced by shared values;
// - the names they hold (and targets, keywords, decorators, bases, imports) are interned strings;
// - call sites, bindings and imports are rebuilt as literals with their keys in the original order,
//   equal binding targets are one array, empty lists one frozen array, and every other array is copied
//   at its exact length.
// Nothing here is observable: the records are values (no consumer mutates them or compares them by
// identity, except `elements` as said), so every output is byte-identical.
import type { Binding, CallSite, FileRecord, ImportRecord, KeywordArg, PySymbol, RefExpr } from '../model.js';

/** Compacts a record; `facts` compacts one symbol's facts alone (as the record's are). */
export type RecordCompactor = ((record: FileRecord) => FileRecord) & { facts: (facts: Facts) => Facts };

/** A symbol's calls, bindings and imports. */
export type Facts = [calls: CallSite[], bindings: Binding[], imports: ImportRecord[]];

/**
 * Takes `adjust` to apply to `record`'s facts when they are read later, and says true; false when they
 * are to be compacted now (a record read from the cache decodes them when first read, cache/lazyFacts.ts).
 */
export type FactsLater = (record: FileRecord, adjust: (facts: Facts) => Facts) => boolean;

/**
 * Bytes of used heap below which a record read from the cache is kept as decoded. JSON.parse already
 * makes what the compactor rebuilds (arrays at their exact length, fields held in the object), so on
 * a decoded record compacting only shares equal values: a little less peak for a tenth of a warm run's
 * CPU or more (docs/decisions.md, Memory). Worth it only once memory grows; extracted records are
 * always compacted.
 */
export const COMPACT_DECODED_ABOVE = 256 * 2 ** 20;

/** Whether a record read from the cache is compacted, given the heap in use (pure). */
export function compactsDecoded(usedHeapBytes: number): boolean {
  return usedHeapBytes >= COMPACT_DECODED_ABOVE;
}

type Ref<T extends RefExpr['t']> = Extract<RefExpr, { t: T }>;
type FromImport = Extract<ImportRecord, { kind: 'from' }>;

/**
 * `s` holding its own characters. V8 makes a substring of 13 characters or more a view into the string
 * it was cut from, so one name sliced from a file keeps the whole file's text alive; a shorter one is a
 * copy already.
 */
export function detached(s: string): string {
  return s.length < 13 ? s : (` ${s}`).slice(1);
}

/**
 * The one empty list every symbol without calls, bindings, imports, decorators, bases or parameters
 * holds (most symbols lack several of them). Frozen, since it is shared: writing to it throws.
 */
const NONE: readonly never[] = Object.freeze([]);
const none = <T>(): T[] => NONE as unknown as T[];

/**
 * One compactor per scan: its tables live as long as it does (drop it when the scan ends).
 * `textless`: the records' texts are dropped after it (python/dropText.ts), so every string it keeps is
 * copied out of the source, long ones too; otherwise `full` holds the source anyway and only short
 * strings are copied (a long one copied would be a second copy).
 */
export function createRecordCompactor(textless = false, later?: FactsLater): RecordCompactor {
  const { str, strs, share } = createSharing(textless);
  // A binding's target (`['x']`, `['self', 'conn']`) recurs across the tree: one array per distinct target.
  const targetArrays = new Map<string, string[]>();
  const targets = (target: string[]): string[] => {
    const key = `${target.length}\u0000${target.join('\u0000')}`;
    let known = targetArrays.get(key);
    if (!known) targetArrays.set(key, (known = strs(target)));
    return known;
  };

  const keyword = (k: KeywordArg): KeywordArg => ({ name: str(k.name), value: share(k.value) });

  const callSite = (site: CallSite): CallSite => {
    const callee = share(site.callee);
    const { line, via, shape } = site;
    const args = site.args?.map(share);
    const keywords = site.keywords?.map(keyword);
    // Literals, not added properties, so the object holds its fields itself; keys in the extracted order.
    switch (Object.keys(site).join()) {
      case 'callee,line,via':
        return { callee, line, via };
      case 'callee,line,via,shape':
        return { callee, line, via, shape: shape! };
      case 'callee,line,via,shape,args':
        return { callee, line, via, shape: shape!, args: args! };
      case 'callee,line,via,shape,args,keywords':
        return { callee, line, via, shape: shape!, args: args!, keywords: keywords! };
      default:
        return rebuilt(site, { callee, args, keywords });
    }
  };

  const binding = (b: Binding): Binding => {
    const target = targets(b.target);
    const value = b.value && share(b.value);
    const annotation = b.annotation === undefined ? undefined : str(b.annotation);
    switch (Object.keys(b).join()) {
      case 'target,line,value':
        return { target, line: b.line, value: value! };
      case 'target,annotation,line':
        return { target, annotation: annotation!, line: b.line };
      case 'target,adds,line,value':
        return { target, adds: true, line: b.line, value: value! };
      default:
        return rebuilt(b, { target, value, annotation });
    }
  };

  const importRecord = (r: ImportRecord): ImportRecord => {
    const module = str(r.module);
    const alias = r.alias === undefined ? undefined : str(r.alias);
    // Literals in the extracted key order (a `from` import has more fields than an empty object's room).
    switch (Object.keys(r).join()) {
      case 'kind,module,line':
        return { kind: 'import', module, line: r.line };
      case 'kind,module,line,alias':
        return { kind: 'import', module, line: r.line, alias: alias! };
      case 'kind,level,module,name,line':
        return { kind: 'from', level: (r as FromImport).level, module, name: str((r as FromImport).name), line: r.line };
      case 'kind,level,module,name,line,alias':
        return { kind: 'from', level: (r as FromImport).level, module, name: str((r as FromImport).name), line: r.line, alias: alias! };
      default:
        return rebuilt(r, { module, alias, ...(r.kind === 'from' ? { name: str(r.name) } : {}) });
    }
  };

  const calls = (list: CallSite[]): CallSite[] => (list.length === 0 ? none() : list.map(callSite));
  const bindings = (list: Binding[]): Binding[] => (list.length === 0 ? none() : list.map(binding));
  const imports = (list: ImportRecord[]): ImportRecord[] => (list.length === 0 ? none() : list.map(importRecord));
  const facts = (f: Facts): Facts => [calls(f[0]), bindings(f[1]), imports(f[2])];

  const symbol = (s: PySymbol, withFacts: boolean): PySymbol => {
    if (withFacts) {
      s.calls = calls(s.calls);
      s.bindings = bindings(s.bindings);
      s.imports = imports(s.imports);
    }
    s.decorators = s.decorators.length === 0 ? none() : strs(s.decorators);
    s.bases = s.bases.length === 0 ? none() : strs(s.bases);
    if (s.returnValues) s.returnValues = s.returnValues.map(share);
    if (s.yieldValues) s.yieldValues = s.yieldValues.map(share);
    s.params = s.params.length === 0 ? none() : s.params.slice();
    if (s.all) s.all = strs(s.all);
    return s;
  };

  const compact = (record: FileRecord): FileRecord => {
    const withFacts = later?.(record, facts) !== true;
    for (const s of record.symbols) symbol(s, withFacts);
    record.symbols = record.symbols.slice();
    return record;
  };
  return Object.assign(compact, { facts });
}

/** Interned strings and shared references, for one scan. */
interface Sharing {
  str(s: string): string;
  strs(list: string[]): string[];
  /** The shared equal of `ref`, or `ref` itself (items shared) when it holds an `elements` node. */
  share(ref: RefExpr): RefExpr;
}

function createSharing(textless: boolean): Sharing {
  const strings = new Map<string, string>();
  const names = new Map<string, RefExpr>();
  const attrs = new Map<RefExpr, Map<string, RefExpr>>();
  const calls = new Map<RefExpr, RefExpr>();
  const subscripts = new Map<RefExpr, RefExpr>();
  const iters = new Map<RefExpr, Map<string, RefExpr>>();
  let superRef: RefExpr | undefined;

  const str = (s: string): string => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    // A short string sliced from a long source would keep that source alive: store a flat copy.
    const flat = textless || s.length < 64 ? detached(s) : s;
    strings.set(flat, flat);
    return flat;
  };
  const strs = (list: string[]): string[] => (list.length === 0 ? list : list.map(str));

  const share = (ref: RefExpr): RefExpr => {
    switch (ref.t) {
      case 'name': {
        let known = names.get(ref.name);
        if (!known) names.set(ref.name, (known = { t: 'name', name: str(ref.name) }));
        return known;
      }
      case 'attr': {
        const object = share(ref.object);
        if (!isShared(object)) return { t: 'attr', object, attr: str(ref.attr) };
        let byAttr = attrs.get(object);
        if (!byAttr) attrs.set(object, (byAttr = new Map()));
        let known = byAttr.get(ref.attr);
        if (!known) byAttr.set(ref.attr, (known = { t: 'attr', object, attr: str(ref.attr) }));
        return known;
      }
      case 'call':
        return shareOne(calls, ref, share(ref.callee), (callee) => ({ t: 'call', callee }));
      case 'subscript':
        return shareOne(subscripts, ref, share(ref.object), (object) => ({ t: 'subscript', object }));
      case 'iter':
        return shareIter(ref);
      case 'super':
        superRef ??= ref;
        return superRef;
      case 'elements': {
        const items = ref.items;
        if (!Object.isFrozen(items)) for (let i = 0; i < items.length; i++) items[i] = share(items[i]!);
        elementsNodes.add(ref);
        return ref;
      }
      default:
        return ref;
    }
  };

  // Nodes that are (or contain) an `elements` node are never shared; they are kept per occurrence.
  const elementsNodes = new WeakSet<RefExpr>();
  const unshared = new WeakSet<RefExpr>();
  const isShared = (ref: RefExpr): boolean => !elementsNodes.has(ref) && !unshared.has(ref);
  const keep = (ref: RefExpr): RefExpr => {
    unshared.add(ref);
    return ref;
  };

  function shareOne(table: Map<RefExpr, RefExpr>, _ref: RefExpr, child: RefExpr, make: (child: RefExpr) => RefExpr): RefExpr {
    if (!isShared(child)) return keep(make(child));
    let known = table.get(child);
    if (!known) table.set(child, (known = make(child)));
    return known;
  }

  function shareIter(ref: Ref<'iter'>): RefExpr {
    const object = share(ref.object);
    const make = (): RefExpr => {
      const out: Ref<'iter'> = { t: 'iter', object };
      if (ref.at !== undefined) out.at = ref.at;
      if (ref.star !== undefined) out.star = ref.star;
      // Keys in the original order (at before star, or as written).
      return Object.keys(ref).join() === Object.keys(out).join() ? out : keep({ ...ref, object });
    };
    if (!isShared(object)) return keep(make());
    let byPlace = iters.get(object);
    if (!byPlace) iters.set(object, (byPlace = new Map()));
    const key = `${ref.at ?? ''},${ref.star ?? ''}`;
    let known = byPlace.get(key);
    if (!known) {
      known = make();
      if (!isShared(known)) return known;
      byPlace.set(key, known);
    }
    return known;
  }

  return { str, strs, share };
}

/** A copy of `from` with its keys in the same order, the given keys' values replaced. */
function rebuilt<T extends object>(from: T, replaced: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(from)) out[key] = key in replaced ? replaced[key] : value;
  return out as T;
}
