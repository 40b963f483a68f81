import type { PySymbol } from '../../model.js';
/** Decorator text as written (`@functools.cached_property`, `app.route("/")`) -> its dotted name. */
export declare function decoratorName(text: string): string;
export declare function hasDecorator(symbol: PySymbol, ...names: string[]): boolean;
export declare function isProperty(symbol: PySymbol): boolean;
