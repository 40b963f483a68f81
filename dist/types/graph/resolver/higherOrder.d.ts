import type { CallSite, PySymbol } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import type { Value } from './values.js';
/** `next(obj)` and the like, with `obj` an instance of a project class: its protocol method (as a bound-method value). */
export declare function protocolMethods(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Value[];
/** Values of the function arguments `site` hands to a builtin that calls them; [] for any other site. */
export declare function higherOrderArguments(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Value[];
