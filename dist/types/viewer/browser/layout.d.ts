import type { MultiDirectedGraph } from 'graphology';
import type { Model } from './model.js';
export type Positions = Map<number, {
    x: number;
    y: number;
}>;
export declare function placeNew(model: Model, nodes: readonly number[], positions: Positions): number[];
/** The k-th of n angles spread over the half circle centred on `outward` (pure). */
export declare function fanAngle(outward: number, k: number, n: number): number;
/** Runs ForceAtlas2 on `graph` (node keys are symbol indices) moving only `free` nodes. */
export declare function relax(graph: MultiDirectedGraph, free: ReadonlySet<string>): void;
