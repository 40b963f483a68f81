import { type PackRun } from './packRun.js';
export declare const TAIL_SHARE = 0.25;
/** Pack what of the tail fits; `cap`: at most this many tokens in this call. */
export declare function packTail(run: PackRun, cap?: number): void;
