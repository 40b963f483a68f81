import type { Adjacency } from '../graph/adjacency.js';
import type { CallSite, ImportRecord, Resolution } from '../model.js';
import type { ChangedSymbol } from './changedSymbols.js';
import type { StillAnswered } from './removedAnswers.js';
export interface ReferenceSite {
    /** Head path of the referencing code. */
    file: string;
    /** Call line, or the import statement's line; absent when unknown. */
    line?: number;
    /** Id of the referencing symbol (a module for a module-level use or import). */
    caller: string;
    via: 'call' | 'import' | 'value';
    resolution: Resolution;
}
export interface RemovedReference {
    /** The removed symbol's id. */
    id: string;
    /** Set when the symbol moved or was renamed (the head id it became). */
    movedTo?: string;
    /** Resolved, live sites: each fails in head. Sorted by file, line, caller. */
    sites: ReferenceSite[];
    /** Name-only (heuristic) live call sites: "unresolved, check", never an alarm. Sorted likewise. */
    heuristicSites: ReferenceSite[];
    /** True when only heuristic evidence exists (sites is empty). */
    heuristicOnly: boolean;
}
export interface RemovedReferencesInput {
    changed: readonly ChangedSymbol[];
    adjacency: Adjacency;
    /** Ids of the symbols whose scope imports an id (the graph's `imports` edges). */
    importers: (id: string) => readonly string[];
    /** The index's lookup (head symbols plus the removed ones put back). */
    locate: (id: string) => Located | undefined;
    /** The symbols of a file (to find the scope that executes an import); default: the importer alone. */
    symbolsIn?: (file: string) => readonly (Located & {
        id: string;
    })[];
    /** What still answers a removed name in head (removedAnswers.ts); default: nothing. */
    answered?: (id: string) => StillAnswered | undefined;
}
interface Located {
    file: string;
    parent?: string;
    startLine?: number;
    imports?: readonly ImportRecord[];
    /** The symbol's own call sites (to tell a call that names the removed symbol from one through another name). */
    calls?: readonly CallSite[];
}
/** Per removed symbol with live references in head: where, and whether only name matches say so. Sorted by id. */
export declare function removedStillReferenced(input: RemovedReferencesInput): RemovedReference[];
export {};
