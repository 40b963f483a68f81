export declare function xmlAttr(value: string | number): string;
export declare function cdata(text: string): string;
export declare function attrs(pairs: readonly (readonly [string, string | number])[]): string;
/** Our own prose notes name ids and commands in code spans: plain text keeps the words, not the backticks. */
export declare function withoutCodeSpans(note: string): string;
