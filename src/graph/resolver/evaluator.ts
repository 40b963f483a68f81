// Demand-driven evaluation of names and expressions to project values.
//
// Flow-insensitive, like PyCG: a name bound several times in one scope may hold any of its bindings'
// values, so `x = A(); x = B(); x.m()` links to both `A.m` and `B.m` (the edges, not the line order,
// are what we keep). Expression chains are flattened and walked in a loop, so a 10,000-deep
// `a.b.c...` chain costs no stack; nesting through other evaluations stops at MAX_DEPTH levels and
// yields "unknown", never a guess.
//
// The evaluator owns its parts and they call back into it: the name lookup in scopes and what
// imports bind (nameLookup.ts, importBindings.ts), container values (containers.ts), annotations
// (annotations.ts) and the class model (classes.ts). Calls of unannotated functions yield what their
// own `return` statements evaluate to; like container items, they are evaluated lazily and memoised,
// so code that never reads them pays nothing.
import type { Binding, PySymbol, RefExpr } from '../../model.js';
import { AnnotationValues } from './annotations.js';
import { ClassModel } from './classes.js';
import { Containers } from './containers.js';
import { missingModuleMember, moduleMember } from './importBindings.js';
import { MAX_DEPTH, NameLookup } from './nameLookup.js';
import type { ProjectIndex } from './projectIndex.js';
import { definingScope, enclosingClass } from './scopes.js';
import { BUILTIN, type Lookup, OPAQUE_LIST, UNKNOWN, unionValues, type Value } from './values.js';

type StepNode = Extract<RefExpr, { t: 'attr' | 'call' | 'subscript' }>;

export interface AttrObserver {
  onAttr(receivers: readonly Value[], name: string): void;
}

export class Evaluator {
  readonly classes: ClassModel;
  /** How deeply evaluations are nested now; shared with the parts (MAX_DEPTH bounds it). */
  depth = 0;
  private readonly active = new Set<string>();
  private readonly scopes: NameLookup;
  private readonly containers: Containers;
  private readonly annotations: AnnotationValues;
  /** The chain nodes of the evaluations in progress (evalRef). */
  private readonly opStack: StepNode[] = [];
  private readonly returnMemo = new Map<PySymbol, Value[]>();

  constructor(readonly index: ProjectIndex) {
    this.classes = new ClassModel(this);
    this.scopes = new NameLookup(this);
    this.containers = new Containers(this);
    this.annotations = new AnnotationValues(this, this.containers);
  }

  /** Run `fn` under the shared depth limit and a re-entry guard on `key`. */
  guarded<T>(key: string, fallback: T, fn: () => T): T {
    if (this.active.has(key) || this.depth >= MAX_DEPTH) return fallback;
    this.active.add(key);
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
      this.active.delete(key);
    }
  }

  symbol(id: string | undefined): PySymbol | undefined {
    return id === undefined ? undefined : this.index.byId.get(id);
  }

  // ---- names (nameLookup.ts, importBindings.ts) ---------------------------------------------

  /** What `name` is bound to in `scope`'s own namespace, or NOT_BOUND. */
  localName(scope: PySymbol, name: string): Lookup {
    return this.scopes.localName(scope, name);
  }

  /** A file's sites are resolved: what lookups from its functions found may go (nameLookup.ts forgetLookups). */
  fileResolved(symbols: readonly PySymbol[]): void {
    for (const s of symbols) this.scopes.forgetLookups(s);
  }

  /** The scopes a lookup from `scope` visits, innermost first. */
  chainOf(scope: PySymbol): PySymbol[] {
    return this.scopes.chainOf(scope);
  }

  /** How `name` is bound where a lookup from `scope` finds it; undefined when nothing binds it. */
  binderKind(scope: PySymbol, name: string): 'param' | 'assign' | 'import' | 'def' | undefined {
    return this.scopes.binderKind(scope, name);
  }

  /** `module.name`: a module-level binding or definition, else a submodule. */
  moduleMember(moduleId: string, name: string, viaStar: boolean): Lookup {
    return moduleMember(this.scopes, moduleId, name, viaStar);
  }

  bindingValues(scope: PySymbol, b: Binding): Value[] {
    const parts: Value[][] = [];
    if (b.annotation) parts.push(this.evalAnnotation(scope, b.annotation));
    if (b.value) parts.push(b.value.t === 'other' ? OPAQUE_LIST : this.evalRef(scope, b.value));
    return unionValues(parts);
  }

  /** Annotation text -> instances of the classes it names (externals stay external). */
  evalAnnotation(scope: PySymbol, text: string): Value[] {
    return this.annotations.evaluate(scope, text);
  }

  // ---- expressions -------------------------------------------------------------------------

  /**
   * Values of `ref` evaluated in `scope`, iterative over the chain. `observer` sees every attribute
   * step with the receiver's values (call-site resolution uses it to find property getters).
   * `root`: values that stand in for the chain's base name (parameter flow, flow.ts).
   */
  evalRef(scope: PySymbol, ref: RefExpr, observer?: AttrObserver, root?: readonly Value[]): Value[] {
    if (ref.t === 'name') return root ? unionValues([root, this.scopes.lookupName(scope, ref.name)]) : this.scopes.lookupName(scope, ref.name);
    // The chain's own nodes, outermost first, on one stack shared by nested evaluations (each pops
    // back to where it started): no array per evaluation, and this runs for every name read.
    const ops = this.opStack;
    const start = ops.length;
    let base: RefExpr = ref;
    while (base.t === 'attr' || base.t === 'call' || base.t === 'subscript') {
      ops.push(base);
      base = base.t === 'call' ? base.callee : base.object;
    }
    try {
      let values = root && base.t === 'name' ? unionValues([root, this.scopes.lookupName(scope, base.name)]) : this.evalBase(scope, base);
      for (let i = ops.length - 1; i >= start && values.length > 0; i--) {
        const op = ops[i]!;
        if (observer && op.t === 'attr') observer.onAttr(values, op.attr);
        if (values.length === 1) values = this.step(values[0]!, op);
        else {
          const parts: Value[][] = [];
          for (const v of values) parts.push(this.step(v, op));
          values = unionValues(parts);
        }
      }
      return values;
    } finally {
      ops.length = start;
    }
  }

  private step(v: Value, op: StepNode): Value[] {
    return op.t === 'attr' ? this.member(v, op.attr) : op.t === 'call' ? this.callResult(v) : this.containers.item(v);
  }

  private evalBase(scope: PySymbol, base: RefExpr): Value[] {
    switch (base.t) {
      case 'name':
        return this.scopes.lookupName(scope, base.name);
      case 'super': {
        const cls = enclosingClass(this.index, scope);
        return cls ? [{ k: 'super', cls: cls.id }] : [];
      }
      case 'elements':
        return [this.containers.literal(scope, base)];
      case 'iter': {
        // Unpacking nests iter in iter (`for k, (a, b) in ...`); the depth limit bounds hand-made records.
        if (this.depth >= MAX_DEPTH) return UNKNOWN;
        this.depth++;
        try {
          return unionValues(this.evalRef(scope, base.object).map((v) => this.containers.elementOf(v, base.at, base.star)));
        } finally {
          this.depth--;
        }
      }
      default:
        return OPAQUE_LIST;
    }
  }

  // ---- attributes and calls ----------------------------------------------------------------

  member(v: Value, name: string): Value[] {
    switch (v.k) {
      case 'module':
        return moduleMember(this.scopes, v.id, name, false) ?? missingModuleMember(this.scopes, v.id);
      case 'def': {
        const s = this.symbol(v.id);
        if (s?.kind !== 'class') return BUILTIN; // attributes of function objects (cache_clear, __name__)
        const lookup = this.classes.classLookup(this.classes.mro.mro(v.id), name);
        const found = lookup.found === 'member' ? lookup.values : lookup.found === 'ext' ? BUILTIN : [];
        if (!v.self) return found;
        const overrides = found.length === 0 || found.some((f) => f.k === 'def') ? this.classes.overrides(v.id, name) : [];
        return unionValues([found, overrides, this.classes.attributeOverrides(v.id, name)]);
      }
      case 'inst': {
        const found = this.classes.instanceMemberOf(v.id, name);
        // A mixin's `self.m()` where only the classes mixing it in define m (found nothing): what
        // those subclasses' MROs find, as dispatch.
        if (v.exact) return found;
        const overrides = found.length === 0 || found.some((f) => f.k === 'def') ? this.classes.overrides(v.id, name) : [];
        return unionValues([found, overrides, this.classes.attributeOverrides(v.id, name)]);
      }
      case 'super':
        return unionValues(this.classes.superChains(v.cls).map((chain) => this.classes.instanceMember(chain, name)));
      case 'elems':
        // `d.get(k)`, `d.pop(k)`, `d.setdefault(k)` yield an item, `d.values()` the items, `d.items()`
        // pairs; `s.pop()`, and a generator's `__next__`/`__enter__` (`@contextmanager`), an item; any
        // other method is a builtin's.
        if (v.dict && !v.returns) {
          if (name === 'get' || name === 'pop' || name === 'setdefault') return [{ ...v, returns: 'item' }];
          if (name === 'values') return [{ ...v, returns: 'values' }];
          if (name === 'items') return [{ ...v, returns: 'items' }];
        } else if (!v.returns && (name === 'pop' || name === '__next__' || name === '__enter__')) return [{ ...v, returns: 'item' }];
        return OPAQUE_LIST;
      case 'ext':
        return BUILTIN;
      case 'opaque':
        return OPAQUE_LIST;
    }
  }

  /** The value a call of `v` returns. */
  callResult(v: Value): Value[] {
    switch (v.k) {
      case 'def': {
        const s = this.symbol(v.id);
        if (!s) return [];
        if (s.kind === 'class') return [{ k: 'inst', id: s.id, exact: true }];
        if (s.yieldValues) return [this.containers.generator(s, v.dispatch === true)];
        return this.returnedBy(s);
      }
      case 'elems':
        if (v.returns === 'item') return this.containers.items(v);
        if (v.returns === 'values') return [{ k: 'elems', uid: v.uid, scope: v.scope, items: v.items, dict: false }];
        if (v.returns === 'items') return [{ ...v, returns: 'pairs' }];
        return OPAQUE_LIST;
      case 'inst': {
        const lookup = this.classes.classLookup(this.classes.mro.mro(v.id), '__call__');
        return lookup.found === 'member' ? unionValues(lookup.values.map((m) => this.callResult(m))) : lookup.found === 'ext' ? BUILTIN : [];
      }
      case 'ext':
        return BUILTIN;
      case 'opaque':
        return OPAQUE_LIST;
      default:
        return [];
    }
  }

  /**
   * A method annotated to return its receiver's own type: `-> Self` (typing, typing_extensions), or
   * `def __enter__(self: T) -> T` (a type variable, whatever it is bound to): an instance of the
   * enclosing class or a subclass (not exact). Undefined otherwise.
   */
  private returnsReceiver(s: PySymbol): Value[] | undefined {
    if (s.kind !== 'method' || s.returns === undefined) return undefined;
    const returns = s.returns.replace(/^["']|["']$/g, '').trim();
    const first = s.params[0];
    const self = /^(?:typing(?:_extensions)?\.)?Self$/.test(returns) || (first?.annotation !== undefined && first.annotation.replace(/^["']|["']$/g, '').trim() === returns && /^[A-Za-z_]\w*$/.test(returns));
    if (!self) return undefined;
    const cls = enclosingClass(this.index, s);
    return cls ? [{ k: 'inst', id: cls.id }] : undefined;
  }

  /**
   * What calling function `s` returns: its return annotation when that names something, else the
   * values of its own `return` statements (not for `async def`, whose call yields a coroutine).
   * Memoised per function; a recursive function sees its own result as unknown.
   */
  private returnedBy(s: PySymbol): Value[] {
    if (s.returns === undefined && (!s.returnValues || s.isAsync)) return UNKNOWN; // the common case: nothing to evaluate
    const known = this.returnMemo.get(s);
    if (known) return known;
    let ran = false;
    const values = this.guarded(`ret\u0000${s.id}`, UNKNOWN, () => {
      ran = true;
      const receiver = this.returnsReceiver(s);
      if (receiver) return receiver;
      const annotated = s.returns ? this.evalAnnotation(definingScope(this.index, s), s.returns) : UNKNOWN;
      if (annotated.length > 0 || !s.returnValues || s.isAsync) return annotated;
      return unionValues(s.returnValues.map((r) => this.evalRef(s, r)));
    });
    if (ran) this.returnMemo.set(s, values); // not when cut short by re-entry or the depth limit
    return values;
  }
}
