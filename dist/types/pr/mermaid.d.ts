import type { ChangedSymbol } from '../diff/changedSymbols.js';
import type { Adjacency } from '../graph/adjacency.js';
export declare const DEFAULT_MERMAID_MAX_NODES = 40;
/** A Mermaid quoted-label body that cannot break out of `["..."]`. */
export declare function mermaidLabel(text: string): string;
export interface MermaidOptions {
    maxNodes?: number;
    /** Whether a symbol is test code: a changed symbol's test callers are then one node (see the top of the file). */
    isTest?: (id: string) => boolean;
}
/** A ```mermaid block, or '' when nothing changed or no changed symbol has a drawn caller or callee. */
export declare function renderMermaid(changed: readonly ChangedSymbol[], adjacency: Adjacency, options?: MermaidOptions): string;
