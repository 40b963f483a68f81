import type { ChangedSymbolRow } from '../pack/document.js';
import type { DigestProduct } from './runDigest.js';
import type { Settings } from './settings.js';
export declare function partialDigest(settings: Readonly<Settings>, changed: readonly ChangedSymbolRow[] | undefined, prNumber: number | undefined): DigestProduct;
