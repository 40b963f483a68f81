import type { PySymbol } from '../model.js';
import type { ProjectIndex } from './resolverIndex.js';
/** The scopes a name lookup from `scope` visits, innermost first. */
export declare function scopeChain(index: ProjectIndex, scope: PySymbol): PySymbol[];
/** The class whose body (directly) holds `scope`, looking through nested functions: super() and self. */
export declare function enclosingClass(index: ProjectIndex, scope: PySymbol): PySymbol | undefined;
/** Decorator text as written (`@functools.cached_property`, `app.route("/")`) -> its dotted name. */
export declare function decoratorName(text: string): string;
export declare function hasDecorator(symbol: PySymbol, ...names: string[]): boolean;
export declare function isProperty(symbol: PySymbol): boolean;
/** The scope a definition's own header (annotations, decorators, defaults) is evaluated in. */
export declare function definingScope(index: ProjectIndex, symbol: PySymbol): PySymbol;
