import type { CallSite, PySymbol, RefExpr } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import type { Value } from './values.js';
/** Methods of a generator (or async generator) object that resume its body. */
export declare const RESUME_METHODS: ReadonlySet<string>;
/** Builtins that resume the generator they are given. */
export declare const RESUME_BUILTINS: ReadonlySet<string>;
export interface Resumed {
    resolved: string[];
    /** Generator functions only dispatch reached the making call of (overrides): dispatch edges. */
    dispatch: string[];
}
/** The expression a site resumes when it has the shape of a resumption (`g.send(...)`, `next(g)`), else undefined. */
export declare function resumedExpression(site: CallSite): RefExpr | undefined;
/** Whether `site` resumes a generator in form, whatever the receiver turns out to be. */
export declare function resumesInForm(site: CallSite): boolean;
/**
 * The generator functions whose body `site` resumes: those whose call made a value the resumed
 * expression holds. `calleeValues`: what the callee evaluated to (`next` must be the builtin).
 */
export declare function resumedGenerators(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Resumed;
