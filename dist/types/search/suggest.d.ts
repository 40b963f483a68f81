export declare function closestIds(wanted: string, ids: readonly string[], limit?: number): string[];
/** Levenshtein distance with two rolling rows; strings here are short identifiers. */
export declare function editDistance(a: string, b: string): number;
