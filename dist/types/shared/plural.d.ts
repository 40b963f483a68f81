/** `n noun`, the noun in the singular when n is exactly 1: `plural(1, 'callee')` -> "1 callee". */
export declare function plural(n: number, singular: string, pluralForm?: string): string;
/** Just the noun for a count: `noun(1, 'symbol')` -> "symbol" (for "3 of 1 symbol"-style phrases). */
export declare function noun(n: number, singular: string, pluralForm?: string): string;
/** The first `max` items joined by commas, then `, … (N more)` for the rest: how notes name long lists. */
export declare function namedList(items: readonly string[], max?: number): string;
