import { type PackRun } from './packRun.js';
export declare const TAIL_SHARE = 0.25;
/** The share of the budget the mechanical changes may take ahead of the context: TAIL_SHARE, or their share of the change's lines when larger (PackInput.tailShare). */
export declare function tailShareOf(run: PackRun): number;
/**
 * Whether every mechanical change not yet packed fits in what is left (each in its smallest view, a
 * file heading counted for each one in a file not yet in the document). Then the whole change is in
 * the document before any of its context: the share is for changes too large to show whole.
 */
export declare function wholeTailFits(run: PackRun): boolean;
/** Pack what of the tail fits; `cap`: at most this many tokens in this call. */
export declare function packTail(run: PackRun, cap?: number): void;
