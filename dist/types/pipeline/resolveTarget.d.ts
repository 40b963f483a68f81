import type { RepoIndex } from '../model.js';
export type Target = {
    entry: string;
} | {
    query: string;
};
export interface ResolvedTarget {
    roots: string[];
    /** How the roots were chosen, for headers and logs. */
    description: string;
}
export declare function resolveTarget(index: RepoIndex, target: Target): ResolvedTarget;
