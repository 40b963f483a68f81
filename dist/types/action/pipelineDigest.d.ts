import type { ProduceDigest } from './runDigest.js';
/** A pytest node id a shell reads as one plain word: path characters, `::`, identifiers. */
export declare const SHELL_SAFE_NODE_ID: RegExp;
export declare const produceDigest: ProduceDigest;
