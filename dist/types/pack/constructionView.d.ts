import type { PySymbol } from '../model.js';
/** What the members left out may cost before a constructed class is shown as its construction view. */
export declare const CONSTRUCTION_LEFT_OUT_MAX = 200;
export interface ConstructionView {
    text: string;
    note: string;
    /** Constructors whose full code the text holds (packed inside the class's item). */
    inside: string[];
}
/**
 * The class's signature without the stubs of its non-constructor members, each constructor in full
 * where `full` allows it (else its stub), docstring cut to its first paragraph. `members`: the symbols
 * nested in the class (its direct ones are used). Undefined when nothing would be cut (the signature or
 * the full code is the view) or when a member's stub is not where the signature should hold it.
 */
export declare function constructionView(cls: PySymbol, members: readonly PySymbol[], full: (ctor: PySymbol) => boolean): ConstructionView | undefined;
