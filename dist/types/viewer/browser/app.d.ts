import { MultiDirectedGraph } from 'graphology';
import Sigma from 'sigma';
import { type Model } from './model.js';
import { type Highlight } from './paint.js';
import { type Theme } from './palette.js';
import { type Filters, type Shown } from './visible.js';
export interface App {
    model: Model;
    filters: Filters;
    expanded: Set<number>;
    shown: Shown;
    highlight: Highlight | undefined;
    theme: Theme;
    sigma: Sigma;
    graph: MultiDirectedGraph;
    redraw(): void;
    select(i: number, options?: {
        expand?: boolean;
        centre?: boolean;
    }): void;
    clear(): void;
    toggle(i: number): void;
    onSelect: ((i: number | undefined) => void)[];
}
export declare function createApp(model: Model, container: HTMLElement, marks?: Record<string, number>): App;
