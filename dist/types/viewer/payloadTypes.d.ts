export interface ViewerPayload {
    /** Format version: the page refuses a payload it does not know. */
    v: 1;
    mode: 'repo' | 'pr';
    title: string;
    /** Free text lines shown under the title (scan root, PR range, notes). */
    notes: string[];
    files: string[];
    symbolKinds: string[];
    edgeKinds: string[];
    resolutions: string[];
    symbols: {
        /** Id relative to the parent's id (full id for roots). */
        name: string[];
        /** Index of the parent symbol, -1 for a root. */
        parent: number[];
        kind: number[];
        /** Index into files, -1 for a package without its own file. */
        file: number[];
        line: number[];
        end: number[];
        /** Header (decorators, def/class line), '' when none. */
        sig: string[];
        doc: string[];
        /** Bit flags: 1 test code, 2 from a partially parsed file. */
        flags: number[];
    };
    /** Flat [from, to, kind, resolution, line] quintuples; line is the first call site, 0 when none. */
    edges: number[];
    /** PR impact only. */
    pr?: {
        changeKinds: string[];
        /** Flat [symbol, changeKind] pairs. */
        changed: number[];
        /** Flat [from, to, line] triples: call sites that likely break. */
        broken: number[];
        /** Reason text per broken triple. */
        brokenWhy: string[];
    };
}
export declare const FLAG_TEST = 1;
export declare const FLAG_PARTIAL = 2;
export declare const EDGE_STRIDE = 5;
