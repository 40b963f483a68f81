import type { PySymbol } from '../model.js';
import type { DigestDocument, DigestSkip, DocumentRenderer } from './document.js';
import { PackState } from './packState.js';
import type { PackInput } from './packTypes.js';
import type { TokenCounter } from './tokens.js';
export declare const ESTIMATE_SLACK = 4;
export interface PackRun {
    readonly input: PackInput;
    readonly symbols: ReadonlyMap<string, PySymbol>;
    readonly counter: TokenCounter;
    readonly renderer: DocumentRenderer;
    readonly budget: number;
    /** The roots without repeats, in order. */
    readonly roots: readonly string[];
    readonly rootSet: ReadonlySet<string>;
    readonly rootFiles: ReadonlyMap<string, string>;
    readonly state: PackState;
    /** Tokens of the empty document (see the top of this file). */
    readonly reserve: number;
    /** The running estimate of the tokens still free for items and skip lines. */
    remaining: number;
    /** Tokens of the frame as last measured. */
    frame: number;
    /** The footer's inside clause: its cost once measured, and whether the frame holds it yet. */
    insideClause: number | undefined;
    insidePaid: boolean;
    /** Ids of the symbols that have members (built when first needed). */
    parents: Set<string> | undefined;
    /** Cost of each packed priority item (without its clause), given back when a later root takes its space. */
    readonly priorityCost: Map<string, number>;
    /** Roots shown only in part (RootView.callsOn): the lines whose calls they stand for, going outward. */
    readonly callsOnOf: Map<string, ReadonlySet<number>>;
    /** The smallest view of each root with views that shows its change, as its block alone (rootViews.ts). */
    readonly smallestView: Map<string, number>;
}
/** The run before any candidate: the reserve measured, the whole budget less it still free. */
export declare function startRun(input: PackInput): PackRun;
type DocumentParts = Pick<PackRun, 'input' | 'counter' | 'budget' | 'roots' | 'rootFiles' | 'state'>;
/** The document as packed so far, naming `skips`, its footer stating `used` tokens. */
export declare function documentFor(run: DocumentParts, skips: readonly DigestSkip[], used: number): DigestDocument;
export declare function rootSkips(run: PackRun): DigestSkip[];
export declare function otherSkips(run: PackRun): DigestSkip[];
/** The skips the document names: the first `rootLines` roots' skips, then the first `others` other skips. */
export declare function listedSkips(run: PackRun, rootLines: number, others: number): DigestSkip[];
/** Tokens of the skip lines naming `skips`. */
export declare function lineCost(run: PackRun, skips: readonly DigestSkip[]): number;
/** Measure the frame again and charge its growth to what is left. */
export declare function repriceFrame(run: PackRun): void;
/** What packing `id` adds to the frame: the inside clause, when `id` is the first packed symbol with members. */
export declare function clauseFor(run: PackRun, id: string): number;
/** After packing an item whose cost held `clause`: the frame now holds it. */
export declare function clausePaid(run: PackRun, clause: number): void;
export declare function lastIndexWhere<T>(list: readonly T[], test: (t: T) => boolean): number;
/** The smallest block an item can have: scanning stops when what is left is less. */
export declare function smallestBlock(run: PackRun): number;
export {};
