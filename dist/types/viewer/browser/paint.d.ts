import type { MultiDirectedGraph } from 'graphology';
import type { Model } from './model.js';
import { type Palette } from './palette.js';
import type { Shown } from './visible.js';
export interface Highlight {
    selected: number;
    callers: number[];
    callees: number[];
}
/** What `selected` (drawn as its representative) has drawn edges from and to, in id order. */
export declare function neighbours(shown: Shown, selected: number): Highlight;
/**
 * Sets every drawn node's and edge's look. updateEach*: one graph event for all nodes (and one for
 * all edges), so sigma refreshes once instead of once per item.
 */
export declare function paintGraph(graph: MultiDirectedGraph, model: Model, expanded: ReadonlySet<number>, shown: Shown, h: Highlight | undefined, palette: Palette): void;
