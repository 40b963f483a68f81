import type { Edge, PySymbol } from '../model.js';
export interface MustRunInput {
    symbols: ReadonlyMap<string, PySymbol>;
    edges: readonly Edge[];
    /** Every analysed file with its module name. */
    files: readonly {
        path: string;
        module: string;
    }[];
    /** Python files whose code the change touches (head paths). */
    changedFiles: readonly string[];
    /** Changed files that are not Python. */
    otherChangedFiles?: readonly string[];
}
export interface MustRunTests {
    /** Test modules to run, sorted. */
    files: string[];
    /** For each changed file, whether at least one test module depends on it. */
    covered: ReadonlySet<string>;
    notes: string[];
}
export declare function findMustRunTests(input: MustRunInput): MustRunTests;
