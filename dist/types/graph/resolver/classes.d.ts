import type { Binding, PySymbol, RefExpr } from '../../model.js';
import { type BaseRef, type MroComputer } from './mro.js';
import type { ProjectIndex } from './projectIndex.js';
import { type Value } from './values.js';
export declare const MAX_OVERRIDES = 5;
export type ClassLookup = {
    found: 'member';
    owner: string;
    values: Value[];
} | {
    found: 'ext' | 'unknown' | 'none';
};
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
export declare class ClassModel {
    private readonly ev;
    readonly mro: MroComputer;
    private readonly index;
    constructor(ev: ClassEvaluator);
    /** Search `classes` (an MRO or a suffix of one) for a class-level member. */
    classLookup(classes: readonly string[], name: string): ClassLookup;
    /** `self.<name> = ...` bindings in the methods of the project classes of `classes`. */
    private instanceAttribute;
    private readonly selfAttrTables;
    private readonly selfAttrMemo;
    private ownInstanceAttribute;
    private readonly instanceMemo;
    /** `instance.name` for an instance of `classId`, memoised per class and name. */
    instanceMemberOf(classId: string, name: string): Value[];
    private readonly getterMemo;
    /** Property getters that reading `name` on an instance of `classId` runs (memoised). */
    gettersOf(classId: string, name: string): string[];
    propertyGetters(classes: readonly string[], name: string): string[];
    instanceMember(classes: readonly string[], name: string): Value[];
    private subclasses;
    /** Per class object id then name (no concatenated key strings: a hit is the common case). */
    private readonly overrideMemo;
    /**
     * Methods named `name` that project subclasses of `cls` define in place of the inherited one:
     * where `self.m()` may dispatch at runtime. Beyond MAX_OVERRIDES (a template method such as
     * `Node.render` with dozens of implementations) none are linked: the base method, which the MRO
     * finds anyway, is the useful answer, and fifty edges from one call would flood a digest.
     */
    overrides(cls: string, name: string): Value[];
    private readonly attributeMemo;
    /**
     * Project classes and functions that project subclasses of `cls` bind to class attribute `name` in
     * their own bodies (`default_serializer = _CompactJSON` over the base's `= json`): what
     * `self.<name>` holds in the base's methods when `self` is one of those subclasses. None beyond
     * MAX_OVERRIDES, as for method overrides.
     */
    attributeOverrides(cls: string, name: string): Value[];
    private lookupVia;
    superChains(cls: string): string[][];
    private readonly subclassMemo;
    /** `cls` first, then every project class that inherits from it, breadth-first. */
    allSubclasses(cls: string): string[];
    private computeSubclasses;
    private readonly basesMemo;
    basesOf(classId: string): BaseRef[];
    private computeBases;
}
