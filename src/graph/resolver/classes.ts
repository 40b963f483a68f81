// The class model: base resolution, MRO, member lookup on classes and instances, `self` dispatch
// to subclass overrides, `super()` chains and property getters. Everything is memoised per class (and
// name): a project has far fewer classes than call sites.
//
// Member lookup follows Python: the first class in the MRO that binds the name wins; instance
// attributes are the `self.<name> = ...` assignments in the methods of the MRO's classes. Read
// through `self`, a member may also be what a subclass puts in its place: a method override, or a
// project class or function a subclass binds to the same class attribute. A lookup
// that reaches an external or unknown base before finding the name stops there (see mro.ts).

import type { Binding, PySymbol, RefExpr } from '../../model.js';
import { isProperty } from './decorators.js';
import { type BaseRef, createMroComputer, EXTERNAL_BASE, type MroComputer, UNKNOWN_BASE } from './mro.js';
import type { ProjectIndex } from './projectIndex.js';
import { type SelfAssignment, selfAssignments } from './scopeNames.js';
import { definingScope } from './scopes.js';
import { dottedToRef } from './types.js';
import { EXT, unionValues, type Value } from './values.js';

export const MAX_OVERRIDES = 5;
const EXT_LIST: Value[] = [EXT]; // shared: value lists are never changed once returned
const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
/**
 * External bases that add no attribute a lookup could stop at, skipped like `object`: `typing.Generic`
 * and `typing.Protocol` only make a class generic or structural (flask's `class FlaskProxy(ProxyMixin[Flask],
 * Flask)` under `TYPE_CHECKING` reaches `Flask`'s methods through them). Only when the name is imported
 * from `typing` / `typing_extensions` (another library's `Protocol` has methods).
 */
const TRANSPARENT_BASES = new Set(['Generic', 'Protocol']);
const TYPING_MODULES = new Set(['typing', 'typing_extensions']);

/** Whether `dotted`, read in `scope`'s module chain, is `typing.Generic` or `typing.Protocol` by its imports. */
function isTypingMarker(chain: readonly PySymbol[], dotted: string): boolean {
  const parts = dotted.split('.');
  const last = parts[parts.length - 1]!;
  if (!TRANSPARENT_BASES.has(last) || parts.length > 2) return false;
  for (const scope of chain) {
    for (const r of scope.imports) {
      if (parts.length === 1 && r.kind === 'from' && r.level === 0 && (r.alias ?? r.name) === last && r.name === last) return TYPING_MODULES.has(r.module);
      if (parts.length === 2 && r.kind === 'import' && (r.alias ?? r.module) === parts[0]) return TYPING_MODULES.has(r.module);
    }
  }
  return false;
}

/** Whether `mro` is one class followed by exactly `baseMro`. */
function extendsMro(mro: readonly string[], baseMro: readonly string[]): boolean {
  if (mro.length !== baseMro.length + 1) return false;
  for (let i = 0; i < baseMro.length; i++) if (mro[i + 1] !== baseMro[i]) return false;
  return true;
}

export type ClassLookup =
  | { found: 'member'; owner: string; values: Value[] }
  | { found: 'ext' | 'unknown' | 'none' };

/**
 * The part of the evaluator the class model calls back into. Declared here, where it is used, so the
 * evaluator (which owns a class model) and the class model do not import each other.
 */
export interface ClassEvaluator {
  readonly index: ProjectIndex;
  guarded<T>(key: string, fallback: T, fn: () => T): T;
  symbol(id: string | undefined): PySymbol | undefined;
  evalRef(scope: PySymbol, ref: RefExpr): Value[];
  chainOf(scope: PySymbol): PySymbol[];
  localName(scope: PySymbol, name: string): Value[] | undefined;
  bindingValues(scope: PySymbol, b: Binding): Value[];
  callResult(v: Value): Value[];
}

/** The memo row of class `cls` in a per-class, per-name memo (no concatenated key strings: a hit is the common case). */
function rowOf<T>(memo: Map<string, Map<string, T>>, cls: string): Map<string, T> {
  let row = memo.get(cls);
  if (!row) memo.set(cls, (row = new Map()));
  return row;
}

export class ClassModel {
  readonly mro: MroComputer;
  private readonly index: ProjectIndex;

  constructor(private readonly ev: ClassEvaluator) {
    this.index = ev.index;
    this.mro = createMroComputer(this);
  }

  /** Search `classes` (an MRO or a suffix of one) for a class-level member. */
  classLookup(classes: readonly string[], name: string): ClassLookup {
    for (const id of classes) {
      if (id === EXTERNAL_BASE) return { found: 'ext' };
      if (id === UNKNOWN_BASE) return { found: 'unknown' };
      const cls = this.ev.symbol(id);
      if (!cls) return { found: 'unknown' };
      const values = this.ev.localName(cls, name);
      if (values !== undefined) return { found: 'member', owner: id, values };
    }
    return { found: 'none' };
  }

  /** `self.<name> = ...` bindings in the methods of the project classes of `classes`. */
  private instanceAttribute(classes: readonly string[], name: string): Value[] {
    const parts: Value[][] = [];
    for (const id of classes) {
      const own = this.ownInstanceAttribute(id, name);
      if (own.length > 0) parts.push(own);
    }
    return parts.length === 1 ? parts[0]! : unionValues(parts);
  }

  private readonly selfAttrTables = new Map<string, Map<string, SelfAssignment[]>>();

  private readonly selfAttrMemo = new Map<string, Value[]>();

  private ownInstanceAttribute(classId: string, name: string): Value[] {
    let table = this.selfAttrTables.get(classId);
    if (!table) {
      table = selfAssignments([...(this.index.children.get(classId)?.values() ?? [])].flat());
      this.selfAttrTables.set(classId, table);
    }
    const assignments = table.get(name);
    if (!assignments) return [];
    const key = `${classId}\u0000${name}`;
    const known = this.selfAttrMemo.get(key);
    if (known) return known;
    const values = this.ev.guarded(key, [] as Value[], () =>
      unionValues(assignments.map((a) => this.ev.bindingValues(a.method, a.binding))),
    );
    this.selfAttrMemo.set(key, values);
    return values;
  }

  private readonly instanceMemo = new Map<string, Map<string, Value[]>>();

  /** `instance.name` for an instance of `classId`, memoised per class and name. */
  instanceMemberOf(classId: string, name: string): Value[] {
    const byName = rowOf(this.instanceMemo, classId);
    let values = byName.get(name);
    if (!values) {
      values = this.instanceMember(this.mro.mro(classId), name);
      byName.set(name, values);
    }
    return values;
  }

  private readonly getterMemo = new Map<string, Map<string, string[]>>();

  /** Property getters that reading `name` on an instance of `classId` runs (memoised). */
  gettersOf(classId: string, name: string): string[] {
    const byName = rowOf(this.getterMemo, classId);
    let ids = byName.get(name);
    if (!ids) {
      ids = this.propertyGetters(this.mro.mro(classId), name);
      byName.set(name, ids);
    }
    return ids;
  }

  propertyGetters(classes: readonly string[], name: string): string[] {
    const lookup = this.classLookup(classes, name);
    if (lookup.found !== 'member') return [];
    const out: string[] = [];
    for (const v of lookup.values) {
      const s = v.k === 'def' ? this.ev.symbol(v.id) : undefined;
      if (s && isProperty(s)) out.push(s.id);
    }
    return out;
  }

  instanceMember(classes: readonly string[], name: string): Value[] {
    const lookup = this.classLookup(classes, name);
    if (lookup.found === 'member') {
      const methods = lookup.values.filter((v) => v.k === 'def' && this.ev.symbol(v.id)?.kind !== 'class');
      if (methods.length > 0) {
        // A property read is a call of its getter: its value is what the getter returns.
        return unionValues(lookup.values.map((v) => {
          const s = v.k === 'def' ? this.ev.symbol(v.id) : undefined;
          return s && isProperty(s) ? this.ev.callResult(v) : [v];
        }));
      }
      return unionValues([lookup.values, this.instanceAttribute(classes, name)]);
    }
    const attr = this.instanceAttribute(classes, name);
    if (attr.length > 0) return attr;
    return lookup.found === 'ext' ? EXT_LIST : attr;
  }

  private subclasses: Map<string, string[]> | undefined;

  /** Per class object id then name (no concatenated key strings: a hit is the common case). */
  private readonly overrideMemo = new Map<string, Map<string, Value[]>>();

  /**
   * Methods named `name` that project subclasses of `cls` define in place of the inherited one:
   * where `self.m()` may dispatch at runtime. Beyond MAX_OVERRIDES (a template method such as
   * `Node.render` with dozens of implementations) none are linked: the base method, which the MRO
   * finds anyway, is the useful answer, and fifty edges from one call would flood a digest.
   */
  overrides(cls: string, name: string): Value[] {
    const byName = rowOf(this.overrideMemo, cls);
    const known = byName.get(name);
    if (known) return known;
    // The search stops as soon as more than MAX_OVERRIDES distinct methods are found (the answer is
    // then none): in large frameworks `Field`, `Model`, `Node` have hundreds of subclasses.
    const found: string[] = [];
    const subs = this.allSubclasses(cls);
    // A subclass with one base whose MRO is itself then its base's MRO, and that does not bind the
    // name itself, finds what its base found (breadth-first: the base was looked up first, in this
    // loop, with the same cuts in force): one scope instead of a walk up the whole MRO again.
    const byClass = new Map<string, ClassLookup>();
    for (let i = 1; i < subs.length && found.length <= MAX_OVERRIDES; i++) {
      const sub = subs[i]!;
      const lookup = this.lookupVia(sub, name, byClass);
      byClass.set(sub, lookup);
      if (lookup.found !== 'member' || lookup.owner === cls) continue;
      for (const v of lookup.values) if (v.k === 'def' && !found.includes(v.id) && this.ev.symbol(v.id)?.kind === 'method') found.push(v.id);
    }
    const out: Value[] = found.length > MAX_OVERRIDES ? [] : found.map((id): Value => ({ k: 'def', id, dispatch: true }));
    byName.set(name, out);
    return out;
  }

  private readonly attributeMemo = new Map<string, Map<string, Value[]>>();

  /**
   * Project classes and functions that project subclasses of `cls` bind to class attribute `name` in
   * their own bodies (`default_serializer = _CompactJSON` over the base's `= json`): what
   * `self.<name>` holds in the base's methods when `self` is one of those subclasses. None beyond
   * MAX_OVERRIDES, as for method overrides.
   */
  attributeOverrides(cls: string, name: string): Value[] {
    const byName = rowOf(this.attributeMemo, cls);
    const known = byName.get(name);
    if (known) return known;
    const found: Value[] = [];
    const subs = this.allSubclasses(cls);
    for (let i = 1; i < subs.length && found.length <= MAX_OVERRIDES; i++) {
      const sub = this.ev.symbol(subs[i]!);
      const values = sub ? this.ev.localName(sub, name) : undefined;
      for (const v of values ?? []) {
        if (v.k !== 'def') continue;
        const kind = this.ev.symbol(v.id)?.kind;
        if ((kind === 'class' || kind === 'function') && !found.some((f) => f.k === 'def' && f.id === v.id)) found.push(v);
      }
    }
    const out = found.length > MAX_OVERRIDES ? [] : found;
    byName.set(name, out);
    return out;
  }

  private lookupVia(sub: string, name: string, byClass: ReadonlyMap<string, ClassLookup>): ClassLookup {
    const mro = this.mro.mro(sub);
    const base = mro.length > 1 ? byClass.get(mro[1]!) : undefined;
    if (base && mro[0] === sub && extendsMro(mro, this.mro.mro(mro[1]!))) {
      const cls = this.ev.symbol(sub);
      if (!cls) return { found: 'unknown' };
      const values = this.ev.localName(cls, name);
      return values !== undefined ? { found: 'member', owner: sub, values } : base;
    }
    return this.classLookup(mro, name);
  }

  superChains(cls: string): string[][] {
    const chains = new Map<string, string[]>();
    for (const id of this.allSubclasses(cls)) {
      const mro = this.mro.mro(id);
      const at = mro.indexOf(cls);
      if (at < 0) continue;
      const chain = mro.slice(at + 1);
      chains.set(chain.join('\u0000'), chain);
    }
    return [...chains.values()];
  }

  private readonly subclassMemo = new Map<string, string[]>();

  /** `cls` first, then every project class that inherits from it, breadth-first. */
  allSubclasses(cls: string): string[] {
    const known = this.subclassMemo.get(cls);
    if (known) return known;
    const order = this.computeSubclasses(cls);
    this.subclassMemo.set(cls, order);
    return order;
  }

  private computeSubclasses(cls: string): string[] {
    if (!this.subclasses) {
      this.subclasses = new Map();
      for (const s of this.index.byId.values()) {
        if (s.kind !== 'class') continue;
        for (const b of this.basesOf(s.id)) {
          if (b.k !== 'class' || !this.mro.mro(s.id).includes(b.id)) continue; // cycles are no hierarchy
          const list = this.subclasses.get(b.id);
          if (list) list.push(s.id);
          else this.subclasses.set(b.id, [s.id]);
        }
      }
    }
    const seen = new Set([cls]);
    const order = [cls];
    for (let i = 0; i < order.length; i++) {
      for (const sub of this.subclasses.get(order[i]!) ?? []) {
        if (!seen.has(sub)) {
          seen.add(sub);
          order.push(sub);
        }
      }
    }
    return order;
  }

  private readonly basesMemo = new Map<string, BaseRef[]>();

  basesOf(classId: string): BaseRef[] {
    let bases = this.basesMemo.get(classId);
    if (!bases) {
      bases = this.computeBases(classId);
      this.basesMemo.set(classId, bases);
    }
    return bases;
  }

  private computeBases(classId: string): BaseRef[] {
    const cls = this.ev.symbol(classId);
    if (!cls) return [];
    const scope = definingScope(this.index, cls);
    const out: BaseRef[] = [];
    for (const raw of cls.bases) {
      const text = raw.trim();
      if (/^\w+\s*=/.test(text) || text.startsWith('*')) continue; // metaclass=..., **kwargs
      const bracket = text.indexOf('[');
      const dotted = (bracket < 0 ? text : text.slice(0, bracket)).trim();
      if (dotted === 'object') continue;
      if (!DOTTED.test(dotted)) {
        out.push({ k: 'unknown' });
        continue;
      }
      const values = this.ev.guarded(`base\u0000${classId}\u0000${dotted}`, [] as Value[], () => this.ev.evalRef(scope, dottedToRef(dotted)));
      const classes = values.filter((v) => v.k === 'def' && this.ev.symbol(v.id)?.kind === 'class' && v.id !== classId);
      if (classes.length > 0) out.push({ k: 'class', id: (classes[0] as { id: string }).id });
      else if (values.some((v) => v.k === 'ext')) {
        if (!isTypingMarker(this.ev.chainOf(scope), dotted)) out.push({ k: 'ext' });
      } else out.push({ k: 'unknown' });
    }
    return out;
  }
}
