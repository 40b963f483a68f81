import type { RepoIndex } from '../model.js';
import { type RedactionCount, type SecretTable } from './redact.js';
export interface IndexRedaction {
    /** Exact values found by the provider rules (to redact other texts of the same run, e.g. diffs). */
    table: SecretTable;
    counts: RedactionCount[];
}
export declare function redactIndex(index: RepoIndex): Promise<IndexRedaction>;
