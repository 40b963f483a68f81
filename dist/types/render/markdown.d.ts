import { type DigestDocument, type DigestItem, type DocumentRenderer } from './document.js';
/** How a file group and a packed symbol open in this layout; comment trimming cuts at these lines. */
export declare const FILE_GROUP_HEADING: RegExp;
export declare const PACKED_SYMBOL_HEADING: RegExp;
export declare function markdownItem(item: DigestItem): string;
export declare function renderMarkdown(doc: DigestDocument): string;
export declare const markdownRenderer: DocumentRenderer;
