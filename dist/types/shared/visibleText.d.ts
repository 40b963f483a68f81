/** `text` with every acting character replaced by its visible escape; other text unchanged. */
export declare function visibleText(text: string): string;
