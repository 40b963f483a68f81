import { type RankData, type RankTable } from './bpeRanks.js';
export interface LoadedRanks {
    table: RankTable;
    /** The encoding's pre-tokenizer pattern (js-tiktoken's `pat_str`). */
    patStr: string;
    /** Where the table came from: the file beside the bundle, the source-run copy, or js-tiktoken's text. */
    from: 'bundle' | 'cache' | 'text';
}
export interface RankLoadDeps {
    /** The folder of the running module: dist/ in the bundles, src/pack/ from source. */
    here: string;
    /** A file's bytes, or undefined when it does not exist. */
    readFile: (path: string) => Buffer | undefined;
    /** The path of js-tiktoken's rank module for `encoding`, or undefined when js-tiktoken is not installed. */
    resolveRankModule: (encoding: string) => string | undefined;
    /** Loads that module (CommonJS, synchronous: counting is synchronous). */
    requireRankModule: (path: string) => RankData;
    /** Writes a file atomically; may throw. */
    writeFileAtomic: (path: string, data: Uint8Array) => void;
}
export declare const defaultRankLoadDeps: RankLoadDeps;
/** The name of an encoding's table file beside the bundles. */
export declare const rankFileName: (encoding: string) => string;
export declare function loadRankTable(encoding: string, deps?: RankLoadDeps): LoadedRanks;
/** The rank file the build ships for `encoding`, from the installed js-tiktoken (scripts/build/rankTables.ts). */
export declare function rankFileFromPackage(encoding: string, deps?: RankLoadDeps): Buffer;
