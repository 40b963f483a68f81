import { type SecretTable } from './redact.js';
export declare function namePlaceholder(kind: string): string;
/**
 * The secret values in `names` (paths, titles), by secretlint's provider rules and this project's own,
 * added to a copy of `table` (the values found in code, which names may repeat).
 */
export declare function nameSecrets(names: Iterable<string>, table?: SecretTable): Promise<Map<string, string>>;
/** `text` with every value of `table` replaced by its name placeholder (longest first, so no value is left half-replaced). */
export declare function redactNames(text: string, table: SecretTable): string;
