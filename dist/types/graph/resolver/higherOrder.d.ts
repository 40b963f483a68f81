import type { CallSite, PySymbol, RefExpr } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import type { Value } from './values.js';
/** `next(obj)` and the like, with `obj` an instance of a project class: its protocol method (as a bound-method value). */
export declare function protocolMethods(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Value[];
/** The argument expression a higher-order site calls (only meaningful where higherOrderArguments found values). */
export declare function higherOrderArgument(site: CallSite): RefExpr | undefined;
/** Values of the function arguments `site` hands to a builtin that calls them; [] for any other site. */
export declare function higherOrderArguments(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Value[];
