export declare function validateRecord(value: unknown, path: string): string | undefined;
/** Whether `value` is one [calls, bindings, imports] per symbol of `ids` (the symbols' ids, in order). */
export declare function factsProblem(value: unknown, ids: readonly string[]): string | undefined;
