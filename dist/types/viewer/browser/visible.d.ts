import type { Model } from './model.js';
export interface Filters {
    hideTests: boolean;
    hideHeuristic: boolean;
    /** Edge kinds switched off (names). */
    hiddenKinds: Set<string>;
    /** Parent -> child structure lines. */
    showContains: boolean;
}
export interface ShownEdge {
    from: number;
    to: number;
    kind: string;
    /** The strongest resolution among the merged edges. */
    resolution: string;
    count: number;
}
export interface Shown {
    nodes: number[];
    /** rep[i]: the drawn symbol standing for i, -1 when hidden. */
    rep: Int32Array;
    edges: ShownEdge[];
}
export declare function edgePasses(model: Model, e: number, filters: Filters): boolean;
export declare function computeNodes(model: Model, expanded: ReadonlySet<number>, filters: Filters): Pick<Shown, 'nodes' | 'rep'>;
export declare function computeShown(model: Model, expanded: ReadonlySet<number>, filters: Filters): Shown;
