// Which call sites and overrides a change breaks (pure): the review's "Breaking call sites" list.
//
// Decisions:
// - Bound: every call site (over `calls` edges, in the head graph) of a function or method whose
//   signature changed in a way that can break a call (signatureDiff.ts `breaking`), and the calls
//   that changed code adds on its own added lines, against the head signature of what they call.
//   A signature change that cannot break a call (a new default, an annotation) binds nothing.
// - Certainty: "broken" needs a resolved edge, a call site found on the edge's line, a known way the
//   first parameter is bound, and no decorator that may rewrite the signature (a project decorator
//   whose wrapper forwards `*args, **kwargs` unchanged does not: signatureRewriter). A name-only
//   (heuristic) edge, a bare-name call of a method, a decorated target: "check" at most. Callers
//   that the change itself removes do not count. A function passed to another (`map(f, xs)`,
//   `Thread(target=f)`, `sorted(xs, key=f)`) is called with arguments the site does not show: a
//   breaking change to it makes that site "check", never "broken" (a removed one is broken below).
// - Overrides: for a changed method, every project subclass method of the same name, and the
//   nearest base method it overrides, are checked with overrides.ts; one that fits is listed as
//   matching (a reviewer asks "did the override follow?"), one that does not is also a "broken" site.
//   `__init__`/`__new__` are exempt: constructors are not called through the base's contract.
// - Removed symbols still called through resolved edges are "broken" ("calls `f`, which this change
//   removes"); through name-only edges, "check". A removed method a base class still defines is not
//   removed for its callers: each call is bound against the base's method (`inherited`).
// - A line that only advances a generator (`next(g)`, `g.send(v)`) binds nothing against the
//   generator function and does not count as a call of a removed one: the call that made g does.

import { bindingOf, diffSignature, isOverload, type SignatureDiff } from '../diff/signatureDiff.js';
import type { Adjacency } from '../graph/adjacency.js';
import { baseIndex, subclassIndex } from '../graph/classNeighbours.js';
import { wrappingOf } from '../graph/resolver/wrappers.js';
import type { CallSite, Edge, PySymbol } from '../model.js';
import { codeSpan } from '../shared/fence.js';
import { type BindResult, bindCall } from './callBinding.js';
import { boundParams, callsPartial, type ClassNames, CONSTRUCTORS, classNamesOf, indirectName, lastName, passedTo, resumesOnly, rewritingDecorator, shortName, sitesOn, throughReceiver } from './callSites.js';
import { overrideMismatch } from './overrides.js';
import { type StubIndex, stubDeclarations } from './stubs.js';

export interface ChangedCallable {
  id: string;
  change: 'added' | 'modified' | 'removed';
  /** The base version of a modified symbol (its signature before). */
  base?: PySymbol;
}

export interface BreakingInput {
  /** Head symbols by id (removed ones put back as in base). */
  symbols: ReadonlyMap<string, PySymbol>;
  edges: readonly Edge[];
  adjacency: Adjacency;
  changed: readonly ChangedCallable[];
  /** Head lines each file added (for calls that changed code adds to unchanged functions). */
  addedLines?: ReadonlyMap<string, ReadonlySet<number>>;
  /** Report callers of removed symbols (default true; false when the caller has its own list). */
  reportRemoved?: boolean;
  /**
   * Removed methods a base class still defines, by id: the id of the method their calls now reach.
   * Each call is bound against that method, as Python's lookup finds it.
   */
  inherited?: ReadonlyMap<string, string>;
  /** Head's `.pyi` stubs: a call that binds against a stub's declaration but not the implementation is "check" (stubs.ts). */
  stubs?: StubIndex;
}

export interface BreakingSite {
  /** The changed (or called) symbol the site no longer fits. */
  symbol: string;
  site: { file: string; line: number; caller: string };
  reason: string;
  certainty: 'broken' | 'check';
}

export interface OverrideFinding {
  base: string;
  override: string;
  file: string;
  line: number;
  matches: boolean;
  reason?: string;
}

export interface SignatureReport {
  id: string;
  diff: SignatureDiff;
}

export interface ReviewFindings {
  /** Call sites of changed signatures that were bound (those that fit included). */
  checkedSites: number;
  signatures: SignatureReport[];
  breaking: BreakingSite[];
  overrides: OverrideFinding[];
}

/** The caller and the scopes that enclose it, innermost first (their imports name what the caller calls). */
function scopesOf(ctx: Context, caller: PySymbol): PySymbol[] {
  const out = [caller];
  for (let id = caller.parent; id !== undefined && out.length < 64; ) {
    const s = ctx.input.symbols.get(id);
    if (!s) break;
    out.push(s);
    id = s.parent;
  }
  return out;
}

/** The path of a stub whose declaration of the called name accepts `site` (stubs.ts), if one does. */
function acceptingStub(ctx: Context, target: PySymbol, caller: PySymbol, site: CallSite): string | undefined {
  const stubs = ctx.input.stubs;
  if (!stubs) return undefined;
  for (const declaration of stubDeclarations(stubs, target, caller, scopesOf(ctx, caller), site)) {
    const params = boundParams(declaration, site, caller, ctx.classes);
    if (params !== 'unknown' && bindCall(site.shape, params, displayName(declaration)).status === 'ok') return declaration.file;
  }
  return undefined;
}

/** The parameter of the decorator that returns `caller` as its wrapper, when it does (graph/resolver/wrappers.ts). */
function wrappedParamOf(ctx: Context, caller: PySymbol): string | undefined {
  const decorator = caller.parent === undefined ? undefined : ctx.input.symbols.get(caller.parent);
  if (!decorator || caller.kind !== 'function') return undefined;
  const wrapping = wrappingOf(decorator, (name) => ctx.input.symbols.get(`${decorator.id}.${name}`));
  return wrapping?.wrapper === caller ? wrapping.param : undefined;
}

/**
 * The first decorator of `target` that may change the signature its callers bind against; undefined
 * when none may. Besides the decorators known to keep it (callSites.ts), a project decorator keeps it
 * when the wrapper it returns takes and forwards exactly `*args, **kwargs` (graph/resolver/wrappers.ts):
 * the decorator is the project function the decorator line's resolved edge reaches.
 */
function signatureRewriter(ctx: Context, target: PySymbol): string | undefined {
  const first = rewritingDecorator(target);
  if (first === undefined) return undefined;
  const { symbols, adjacency } = ctx.input;
  const scope = target.parent === undefined ? undefined : symbols.get(target.parent);
  const lines = [...new Set(scope?.calls.filter((c) => c.via === 'decorator' && c.line >= target.startLine && c.line <= target.endLine).map((c) => c.line))].sort((a, b) => a - b);
  if (!scope || lines.length !== target.decorators.length) return first;
  for (let i = 0; i < lines.length; i++) {
    const written = rewritingDecorator({ ...target, decorators: [target.decorators[i]!] });
    if (written === undefined) continue;
    const applied = adjacency.callees(scope.id).filter((n) => n.resolution === 'resolved' && n.confidence === undefined && n.lines.includes(lines[i]!));
    const forwards = applied.some((n) => {
      const d = symbols.get(n.id);
      return d !== undefined && wrappingOf(d, (name) => symbols.get(`${d.id}.${name}`))?.forwardsUnchanged === true;
    });
    if (!forwards) return written;
  }
  return undefined;
}

/**
 * The subclass's short name when `caller`, a method, reaches `target` only through dynamic dispatch:
 * `target` is defined in a subclass of the caller's class (the resolver's override edges), so the
 * call fails only when `self` is one.
 */
function subclassDispatch(ctx: Context, caller: PySymbol, target: PySymbol): string | undefined {
  if (caller.kind !== 'method' || target.kind !== 'method' || caller.parent === undefined || target.parent === undefined) return undefined;
  if (caller.parent === target.parent) return undefined;
  const bases = baseIndex(ctx.input.edges);
  const seen = new Set<string>([caller.parent]);
  const queue = [caller.parent];
  while (queue.length > 0) {
    const cls = queue.shift()!;
    if (cls === target.parent) return undefined;
    for (const b of bases(cls)) {
      if (seen.has(b.id)) continue;
      seen.add(b.id);
      queue.push(b.id);
    }
  }
  const owner = ctx.input.symbols.get(target.parent);
  return owner ? shortName(owner) : undefined;
}

interface Context {
  input: BreakingInput;
  classes: ClassNames;
  removed: Set<string>;
  /** The base version of each changed symbol: the symbol before, or undefined for one this change adds. */
  before: Map<string, PySymbol | undefined>;
  out: Map<string, BreakingSite>;
  checkedSites: number;
}

function record(ctx: Context, site: BreakingSite): void {
  const key = `${site.symbol}\u0000${site.site.caller}\u0000${site.site.line}`;
  const had = ctx.out.get(key);
  if (!had || (had.certainty === 'check' && site.certainty === 'broken')) ctx.out.set(key, site);
}

function displayName(sym: PySymbol): string {
  return sym.name === '' ? sym.module : sym.name;
}

/** Binds every site of `caller` on `lines` that calls `target`; reports what does not fit. */
function bindSites(ctx: Context, caller: PySymbol, target: PySymbol, lines: readonly number[], resolved: boolean, before: PySymbol | undefined, diff: SignatureDiff | undefined, quietChecks: boolean): void {
  // An `@overload` stub is a type checker's view: at run time the call reaches the implementation,
  // bound on its own edge (`pytest.raises(E, match=...)` would read as broken against the overloads it
  // does not match).
  if (isOverload(target.decorators)) return;
  // A property is read, not called (`f(obj.prop)` is no call of it); only a change that made it one is
  // bound, where a call names it (`p._truncate(excinfo.traceback)` is no call of the `traceback`
  // property with one argument).
  if (bindingOf(target.decorators) === 'property' && !diff?.changes.some((c) => c.kind === 'became-property')) return;
  const decorator = signatureRewriter(ctx, target);
  const name = displayName(target);
  const dispatch = subclassDispatch(ctx, caller, target);
  const wrapped = wrappedParamOf(ctx, caller);
  for (const line of lines) {
    let viaReceiver = true;
    let indirect: string | undefined;
    const report = (result: Exclude<BindResult, { status: 'ok' }>): void => {
      let certainty: 'broken' | 'check' = result.status;
      let reason = result.reason;
      if (certainty === 'broken' && !resolved) {
        certainty = 'check';
        reason = `name-only match, if it calls \`${name}\`: ${reason}`;
      } else if (certainty === 'broken' && decorator !== undefined) {
        certainty = 'check';
        reason = `${reason} (if ${codeSpan(`@${decorator}`)} keeps the signature)`;
      } else if (certainty === 'broken' && dispatch !== undefined && viaReceiver) {
        certainty = 'check';
        reason = `${reason} (when \`self\` is a \`${dispatch}\`)`;
      } else if (certainty === 'broken' && indirect !== undefined) {
        certainty = 'check';
        reason = `${reason} (when \`${indirect}\` holds \`${name}\`)`;
      }
      if (certainty === 'check' && quietChecks) return;
      record(ctx, { symbol: target.id, site: { file: caller.file, line, caller: caller.id }, reason, certainty });
    };
    const sites = sitesOn(caller, line, target);
    const passedInto = sites !== 'ambiguous' && sites.length === 0 && diff ? passedTo(caller, line, target) : undefined;
    if (passedInto !== undefined) {
      ctx.checkedSites++;
      report({ status: 'check', reason: `passes \`${name}\` to \`${passedInto}\`, which calls it with arguments not written here` });
      continue;
    }
    if (sites === 'ambiguous') {
      if (resolved) report({ status: 'check', reason: `could not tell which call on this line calls \`${name}\`` });
      continue;
    }
    for (const site of sites) {
      // A wrapper's call of the function its decorator wraps: the arguments are written where the
      // decorated name is called, and those sites are bound (signatureRewriter says how surely).
      if (wrapped !== undefined && site.callee.t === 'name' && site.callee.name === wrapped) continue;
      viaReceiver = throughReceiver(site, caller);
      indirect = indirectName(site, target, caller, ctx.classes);
      if (diff) ctx.checkedSites++;
      if (diff?.changes.some((c) => c.kind === 'became-property')) {
        report({ status: 'check', reason: `\`${name}\` is now a property: this call calls the value it returns` });
        continue;
      }
      if (callsPartial(site, scopesOf(ctx, caller))) {
        report({ status: 'check', reason: `calls \`${name}\` through \`${lastName(site.callee)}\`, a \`partial\` that adds arguments of its own` });
        continue;
      }
      const params = boundParams(target, site, caller, ctx.classes);
      if (params === 'unknown') {
        report({ status: 'check', reason: `calls \`${name}\` through a plain name: could not tell whether \`self\` is bound` });
        continue;
      }
      const beforeParams = before ? (boundParams(before, site, caller, ctx.classes) === before.params ? before.params : before.params.slice(1)) : undefined;
      const result = bindCall(site.shape, params, name, beforeParams);
      if (result.status === 'broken') {
        // A call that bound before this change is broken by it, whatever a stub declares; one that did
        // not bind before either (or calls what did not change) may be written against a stub.
        const boundBefore = beforeParams !== undefined && bindCall(site.shape, beforeParams, name).status === 'ok';
        const stub = boundBefore ? undefined : acceptingStub(ctx, target, caller, site);
        report(stub === undefined ? result : { status: 'check', reason: `${result.reason}; the stub ${codeSpan(stub)} declares a signature that accepts this call (type checkers pass it, Python does not)` });
      } else if (result.status !== 'ok') report(result);
      else if (diff?.changes.some((c) => c.kind === 'async-added' || c.kind === 'async-removed')) {
        const now = diff.changes.some((c) => c.kind === 'async-added');
        report({ status: 'check', reason: now ? `\`${name}\` is now async: this call must be awaited` : `\`${name}\` is no longer async: awaiting this call fails` });
      }
    }
  }
}

function checkOverride(ctx: Context, base: PySymbol, override: PySymbol, seen: Set<string>, overrides: OverrideFinding[]): void {
  const key = `${base.id}\u0000${override.id}`;
  if (seen.has(key)) return;
  seen.add(key);
  const strip = (s: PySymbol): PySymbol['params'] => (bindingOf(s.decorators) === 'staticmethod' || !s.params[0] || s.params[0].kind === 'var_positional' ? s.params : s.params.slice(1));
  const reason = overrideMismatch(strip(base), strip(override), displayName(base));
  overrides.push({ base: base.id, override: override.id, file: override.file, line: override.startLine, matches: reason === undefined, ...(reason ? { reason } : {}) });
  if (!reason) return;
  // A mismatch the pair already had before the change (an annotation-only edit of both) is not this
  // change's break: "check". An added side has no before.
  const was = (s: PySymbol): PySymbol | undefined => (ctx.before.has(s.id) ? ctx.before.get(s.id) : s);
  const [baseBefore, overrideBefore] = [was(base), was(override)];
  const already = baseBefore !== undefined && overrideBefore !== undefined && overrideMismatch(strip(baseBefore), strip(overrideBefore), displayName(base)) !== undefined;
  record(ctx, {
    symbol: base.id,
    site: { file: override.file, line: override.startLine, caller: override.id },
    reason: `override ${reason}${already ? ' (so already before this change)' : ''}`,
    certainty: already ? 'check' : 'broken',
  });
}

/** Overrides below `method` (every project subclass) and the base method it overrides (nearest). */
function checkOverrides(ctx: Context, method: PySymbol, seen: Set<string>, overrides: OverrideFinding[]): void {
  const name = shortName(method);
  if (method.kind !== 'method' || method.parent === undefined || CONSTRUCTORS.has(name) || bindingOf(method.decorators) === 'property') return;
  const { symbols, edges } = ctx.input;
  const subs = subclassIndex(edges);
  const bases = baseIndex(edges);
  const visited = new Set<string>([method.parent]);
  const queue = [method.parent];
  while (queue.length > 0) {
    const cls = queue.shift()!;
    for (const sub of subs(cls)) {
      if (visited.has(sub.id)) continue;
      visited.add(sub.id);
      queue.push(sub.id);
      const own = symbols.get(`${sub.id}.${name}`);
      if (own && (own.kind === 'method') && !ctx.removed.has(own.id)) checkOverride(ctx, method, own, seen, overrides);
    }
  }
  const up = new Set<string>([method.parent]);
  let level = [method.parent];
  while (level.length > 0) {
    const next: string[] = [];
    for (const cls of level) {
      for (const base of bases(cls)) {
        if (up.has(base.id)) continue;
        up.add(base.id);
        const own = symbols.get(`${base.id}.${name}`);
        if (own && own.kind === 'method' && !ctx.removed.has(own.id)) {
          checkOverride(ctx, own, method, seen, overrides);
          continue; // nearest only on this branch
        }
        next.push(base.id);
      }
    }
    level = next;
  }
}

function compareSites(a: BreakingSite, b: BreakingSite): number {
  if (a.certainty !== b.certainty) return a.certainty === 'broken' ? -1 : 1;
  return a.site.file < b.site.file ? -1 : a.site.file > b.site.file ? 1 : a.site.line - b.site.line || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
}

export function findBreakingSites(input: BreakingInput): ReviewFindings {
  const { symbols, adjacency } = input;
  const classes = classNamesOf(symbols.values());
  const removed = new Set(input.changed.filter((c) => c.change === 'removed').map((c) => c.id));
  const before = new Map<string, PySymbol | undefined>();
  for (const c of input.changed) {
    if (c.change === 'added') before.set(c.id, undefined);
    else if (c.change === 'modified' && c.base) before.set(c.id, c.base);
  }
  const ctx: Context = { input, classes, removed, before, out: new Map(), checkedSites: 0 };
  const signatures: SignatureReport[] = [];
  const overrides: OverrideFinding[] = [];
  const seenOverrides = new Set<string>();

  for (const c of input.changed) {
    const head = symbols.get(c.id);
    if (!head) continue;
    if (c.change === 'removed') {
      if (head.kind === 'module' || input.reportRemoved === false) continue;
      for (const caller of adjacency.callers(c.id)) {
        const from = symbols.get(caller.id);
        if (!from || removed.has(caller.id)) continue;
        const resolved = caller.resolution === 'resolved';
        for (const line of caller.lines) {
          // `next(g)` of a removed generator: the call that made g is where it breaks.
          if (resumesOnly(from, line, head)) continue;
          record(ctx, {
            symbol: c.id,
            site: { file: from.file, line, caller: caller.id },
            reason: resolved ? `calls \`${displayName(head)}\`, which this change removes` : `name-only match: may call \`${displayName(head)}\`, which this change removes`,
            certainty: resolved ? 'broken' : 'check',
          });
        }
      }
      continue;
    }
    if (c.change !== 'modified' || !c.base || (head.kind !== 'function' && head.kind !== 'method')) continue;
    const diff = diffSignature(c.base, head);
    if (!diff) continue;
    signatures.push({ id: c.id, diff });
    if (diff.breaking) {
      for (const caller of adjacency.callers(c.id)) {
        const from = symbols.get(caller.id);
        if (!from || removed.has(caller.id)) continue;
        bindSites(ctx, from, head, caller.lines, caller.resolution === 'resolved', c.base, diff, false);
      }
    }
    checkOverrides(ctx, head, seenOverrides, overrides);
  }

  // A removed override: its callers now reach the base's method.
  for (const [removedId, inheritedId] of [...(input.inherited ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const removedMethod = symbols.get(removedId);
    const now = symbols.get(inheritedId);
    if (!removedMethod || !now || now.kind !== 'method') continue;
    for (const caller of adjacency.callers(removedId)) {
      const from = symbols.get(caller.id);
      if (!from || removed.has(caller.id)) continue;
      bindSites(ctx, from, now, caller.lines, caller.resolution === 'resolved', removedMethod, undefined, false);
    }
  }

  // Calls that changed code adds: bound against what they call, reported only when surely broken.
  const changedSignature = new Set(signatures.filter((s) => s.diff.breaking).map((s) => s.id));
  for (const c of input.changed) {
    if (c.change === 'removed') continue;
    const caller = symbols.get(c.id);
    const added = caller ? input.addedLines?.get(caller.file) : undefined;
    if (!caller || !added) continue;
    for (const callee of adjacency.callees(c.id)) {
      if (callee.resolution !== 'resolved' || changedSignature.has(callee.id) || removed.has(callee.id)) continue;
      const target = symbols.get(callee.id);
      if (!target || (target.kind !== 'function' && target.kind !== 'method')) continue;
      const lines = callee.lines.filter((l) => added.has(l));
      if (lines.length > 0) bindSites(ctx, caller, target, lines, true, undefined, undefined, true);
    }
  }

  signatures.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  overrides.sort((a, b) => (a.base < b.base ? -1 : a.base > b.base ? 1 : a.override < b.override ? -1 : a.override > b.override ? 1 : 0));
  return { checkedSites: ctx.checkedSites, signatures, breaking: [...ctx.out.values()].sort(compareSites), overrides };
}
