import type { PySymbol } from '../model.js';
import type { DigestItem, ItemView } from './document.js';
import type { Candidate } from './expansion.js';
import { type PackRun } from './packRun.js';
/** `symbol` shown as `view`; `tokens`, when the caller has it, is the count of `view.text`. */
export declare function itemOf(run: PackRun, symbol: PySymbol, candidate: Candidate, view: ItemView, tokens?: number): DigestItem;
/** The tokens packing `item` adds to the document now (its clause included). */
export declare function costOf(run: PackRun, item: DigestItem): number;
