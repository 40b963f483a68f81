import type { PySymbol } from '../model.js';
import type { DigestItem, DigestSkip, PackMode } from './document.js';
export declare const DROPPED = "dropped: the rendered document exceeded the budget";
/** Enclosing classes and functions, innermost first (cycle-safe, stops at the module). */
export declare function ancestors(symbol: PySymbol, symbols: ReadonlyMap<string, PySymbol>): PySymbol[];
export declare class PackState {
    private readonly symbols;
    readonly items: DigestItem[];
    readonly skips: DigestSkip[];
    private readonly modeOf;
    /** Ids with a descendant packed in full. */
    private readonly holdsPacked;
    private readonly files;
    /** Symbols whose full code a packed item holds without being packed in full itself: id -> that item (a class's construction view holds its `__init__`). */
    private readonly heldIn;
    constructor(symbols: ReadonlyMap<string, PySymbol>);
    hasFile(file: string): boolean;
    holdsPackedCode(id: string): boolean;
    /** How `id` is packed so far, if it is. */
    packedMode(id: string): PackMode | undefined;
    /** Skips already inside a packed symbol (nothing lost; document.ts). */
    insidePackedCount(): number;
    /** `inside`: members whose full code the item's text holds (they are then contained in it). */
    add(item: DigestItem, inside?: readonly string[]): void;
    /** The packed symbol whose text already shows `symbol` in `mode`, if any. */
    containerOf(symbol: PySymbol, mode: PackMode): string | undefined;
    /** Undo one packed item: it becomes a skip, and skips it contained now say it went too. */
    drop(index: number, reason?: string): void;
    private markAncestors;
}
