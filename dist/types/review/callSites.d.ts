import type { CallSite, PySymbol, RefExpr } from '../model.js';
export declare const CONSTRUCTORS: Set<string>;
export declare function shortName(sym: PySymbol): string;
export declare function rewritingDecorator(sym: PySymbol): string | undefined;
export declare function lastName(ref: RefExpr): string | undefined;
/**
 * Class names: every project class's short name; per file the bare names that can mean a class there,
 * and the names its imports bind (a chain `mod.Base` names a class only through one of those). A file's
 * names are read off its symbols when first asked for: a review asks about its callers' files only,
 * and a symbol's imports may be decoded on first use (cache/lazyFacts.ts).
 */
export interface ClassNames {
    all: ReadonlySet<string>;
    /** The bare names that can mean a project class in `file` ('*' when it star-imports). */
    visibleIn(file: string): ReadonlySet<string>;
    /** The names the imports of `file` bind. */
    importedIn(file: string): ReadonlySet<string>;
    /** The names `from m import f as g` binds in `file` to another name: g -> f. */
    aliases(file: string): ReadonlyMap<string, string>;
}
export declare function classNamesOf(symbols: Iterable<PySymbol>): ClassNames;
/** The parameters a call of `target` through `site` (in `caller`) fills, or 'unknown' (a bare name bound to a method). */
export declare function boundParams(target: PySymbol, site: CallSite, caller: PySymbol, classes: ClassNames): PySymbol['params'] | 'unknown';
/** The call sites on `line` of `caller` that call `target` (by name, or the only call there). */
export declare function sitesOn(caller: PySymbol, line: number, target: PySymbol): CallSite[] | 'ambiguous';
/**
 * Whether `line` of `caller` reaches the generator function `target` only by advancing a generator
 * (graph/resolver/generators.ts): no call there names it, and one resumes (`next(g)`, `g.send(v)`).
 */
export declare function resumesOnly(caller: PySymbol, line: number, target: PySymbol): boolean;
/**
 * The callee of the call on `line` that takes `target` as an argument (`map(work, xs)`,
 * `Thread(target=work)`): the function is called there with arguments nobody wrote at that line, so
 * such a site can be checked, not bound. Undefined when no call on the line passes it.
 */
export declare function passedTo(caller: PySymbol, line: number, target: PySymbol): string | undefined;
/**
 * The name a call reaches `target` through when it is not the target's own (`opener()` of
 * `opener = streams.get(name)`, `self._add = self._add_safe`, `HANDLERS[k]()`): such a name may hold
 * another callable at run time, so a call that does not bind there is worth a look, not a failed
 * gate. A constructor called by its class's name (or a project subclass's, `cls`, `type(self)`) and
 * an instance called through `__call__` are direct.
 */
export declare function indirectName(site: CallSite, target: PySymbol, caller: PySymbol, classes: ClassNames): string | undefined;
/**
 * Whether `site` calls through the caller's own receiver (`self.m()`, `cls.m()`, `super().m()`,
 * `cls(...)`, `self.__class__(...)`, `type(self)(...)`): only such a call runs a subclass's definition
 * by dispatch. A call that names its target (`Parser(...)`, `mod.f()`, `obj.m()` on a typed value)
 * reaches it whatever `self` is.
 */
export declare function throughReceiver(site: CallSite, caller: PySymbol): boolean;
/**
 * Whether the name `site` calls is bound, in `scopes` (the caller first), to `functools.partial(...)`:
 * the partial holds arguments of its own, which a call of it adds to those written at the site.
 */
export declare function callsPartial(site: CallSite, scopes: readonly PySymbol[]): boolean;
