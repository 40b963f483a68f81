export interface PlainSection {
    title?: string;
    body: string;
}
/** One preamble section: its leading heading apart, the rest as plain lines. */
export declare function plainSection(markdown: string): PlainSection;
/** One line of our inline markdown as plain text: code spans unwrapped, strong emphasis dropped, escapes undone. */
export declare function plainInline(text: string): string;
