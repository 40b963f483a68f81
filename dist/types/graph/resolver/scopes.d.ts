import type { PySymbol } from '../../model.js';
import type { ProjectIndex } from './projectIndex.js';
/** The scopes a name lookup from `scope` visits, innermost first. */
export declare function scopeChain(index: ProjectIndex, scope: PySymbol): PySymbol[];
/** The class whose body (directly) holds `scope`, looking through nested functions: super() and self. */
export declare function enclosingClass(index: ProjectIndex, scope: PySymbol): PySymbol | undefined;
/** The scope a definition's own header (annotations, decorators, defaults) is evaluated in. */
export declare function definingScope(index: ProjectIndex, symbol: PySymbol): PySymbol;
