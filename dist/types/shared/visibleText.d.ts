/** `text` without any acting character: for one-line free text (titles) after its whitespace is folded. */
export declare function withoutActing(text: string): string;
/** `text` with every acting character replaced by its visible escape; other text unchanged. */
export declare function visibleText(text: string): string;
