import type { PySymbol, RefExpr } from '../../model.js';
export type Value = {
    k: 'module';
    id: string;
} | {
    k: 'def';
    id: string;
    self?: true;
    dispatch?: true;
} | {
    k: 'inst';
    id: string;
    self?: true;
    exact?: true;
} | {
    k: 'super';
    cls: string;
} | {
    k: 'elems';
    uid: number;
    scope: PySymbol;
    items: readonly RefExpr[];
    dict: boolean;
    returns?: 'item' | 'values' | 'items' | 'pairs' | 'pair';
    /** As in RefExpr `elements`: positions of the items in the literal (`[]`: unknown) and its size. */
    positions?: readonly number[];
    size?: number;
    /** A generator's: the id of the function whose call made it. */
    generator?: string;
    /** A generator made by a call only dispatch reaches (an override's: values.ts `dispatch`). */
    dispatch?: true;
} | {
    k: 'ext';
} | {
    k: 'opaque';
};
export declare const EXT: Value;
export declare const OPAQUE: Value;
export declare const BUILTIN: Value[];
export declare const OPAQUE_LIST: Value[];
export declare const UNKNOWN: Value[];
/** What a scope binds a name to; undefined (NOT_BOUND) when it does not bind it. */
export declare const NOT_BOUND: undefined;
export type Lookup = Value[] | typeof NOT_BOUND;
export declare function valueKey(v: Value): string;
/** Whether two values have the same valueKey, without building it. */
export declare function sameValue(a: Value, b: Value): boolean;
/** Union in first-seen order without duplicates; evaluation order is deterministic, so is this. */
export declare function unionValues(lists: readonly (readonly Value[])[]): Value[];
export declare function isExternalOnly(values: readonly Value[]): boolean;
/** Unknown for call resolution, though not nothing: a literal, an operator result, a container. */
export declare function isOpaqueLike(v: Value): boolean;
