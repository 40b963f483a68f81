import type { ProduceDigest } from './runDigest.js';
export declare const produceDigest: ProduceDigest;
