import type { PySymbol, RefExpr } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import type { Value } from './values.js';
export interface Wrapping {
    wrapper: PySymbol;
    /** The decorator's parameter that receives the wrapped function. */
    param: string;
    /** The wrapper passes its `*args, **kwargs` to the wrapped function and takes nothing else. */
    forwardsUnchanged: boolean;
}
/** `child(name)`: the definition named `name` nested directly in `decorator`. */
export declare function wrappingOf(decorator: PySymbol, child: (name: string) => PySymbol | undefined): Wrapping | undefined;
/**
 * `fetch(...)` where `fetch = logged(_fetch)` and `logged` wraps: `_fetch`'s values (the wrapper
 * itself is among `targets` already). The name is looked up as Python would, innermost scope first,
 * through `from m import fetch` into the module that makes the application.
 */
export declare function handAppliedTargets(ev: Evaluator, scope: PySymbol, callee: RefExpr, targets: readonly string[]): Value[];
