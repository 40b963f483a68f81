import { type DigestDocument, type DigestItem, type DocumentRenderer } from './document.js';
/** How a file group and a packed symbol open in this layout; comment trimming cuts at these lines. */
export declare const FILE_GROUP_HEADING: RegExp;
export declare const PACKED_SYMBOL_HEADING: RegExp;
/** Said after a removed symbol's location: the lines and the code are base's, not head's. */
export declare const REMOVED_NOTE = "(removed; code as in base)";
export declare function markdownItem(item: DigestItem): string;
export declare function renderMarkdown(doc: DigestDocument): string;
export declare const markdownRenderer: DocumentRenderer;
