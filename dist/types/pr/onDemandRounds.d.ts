import type { PackResult } from '../pack/packer.js';
import { type IndexOptions, type ScannedFiles } from '../pipeline/indexRepository.js';
import type { PreparedPr } from './prepare.js';
import type { PrSetup } from './setup.js';
export interface OnDemandStages {
    prepare: (setup: PrSetup, scanned: ScannedFiles) => Promise<PreparedPr>;
    pack: (prepared: PreparedPr) => PackResult[];
}
export interface OnDemandStats {
    mode: 'on-demand' | 'full';
    filesParsed: number;
    filesTotal: number;
    rounds: number;
    /** The files parsed, sorted (on demand only). */
    parsed?: string[];
    /** Why the full index was used instead. */
    fallback?: string;
    /** Files parsed (whole or for names) when each round started. */
    parsedPerRound?: number[];
    /** Files parsed whole (their symbols can be in play; the rest only for the names they bind). */
    wholeFiles?: number;
    /** Set when a round wanted nearly every file and the rest were parsed at once (see the decisions above). */
    finishedWhole?: boolean;
}
export interface OnDemandOutcome {
    prepared: PreparedPr;
    results: PackResult[];
    stats: OnDemandStats;
}
/** Why this run cannot be done on demand, or undefined. */
export declare function fullIndexReason(options: IndexOptions): string | undefined;
/**
 * `withViewer`: the index must also hold the PR's impact graph exactly as the full index does (two hops
 * each way, viewer/payload.ts), for a graph viewer built from it.
 */
export declare function onDemandPr(root: string, options: IndexOptions, setup: PrSetup, stages: OnDemandStages, withViewer?: boolean): Promise<OnDemandOutcome>;
