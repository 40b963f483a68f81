export interface RedactionCount {
    kind: string;
    count: number;
}
export interface RedactedText {
    text: string;
    /** Secrets replaced, per kind. */
    counts: Map<string, number>;
}
/** Exact secret values (from secretlint) and their kinds, replaced wherever they occur. */
export type SecretTable = ReadonlyMap<string, string>;
export declare function placeholder(kind: string): string;
/** Shannon entropy in bits per character. */
export declare function entropy(value: string): number;
/** Replaces the table's values and this file's rules' matches; overlapping hits keep the first (longest) one. */
export declare function redactText(text: string, table?: SecretTable): RedactedText;
/** The values this file's rules find in `text`, with their kinds (for texts that are names, not code). */
export declare function ruleSecrets(text: string): Map<string, string>;
/** Whether secretlint's provider rules could find anything in `text` (cheap, synchronous). */
export declare function mayHoldProviderToken(text: string): boolean;
/** Adds to `table` the exact secret values secretlint's recommended preset finds in `texts`. */
export declare function collectProviderSecrets(texts: Iterable<string>, table?: Map<string, string>): Promise<Map<string, string>>;
export declare function sortedCounts(counts: ReadonlyMap<string, number>): RedactionCount[];
export declare function addCounts(into: Map<string, number>, from: ReadonlyMap<string, number>): void;
