import { type DigestDocument, type DigestItem, type DigestSkip, type DocumentRenderer } from '../pack/document.js';
/** How a file group and a packed symbol open in this layout; comment trimming cuts at these lines. */
export declare const FILE_GROUP_HEADING: RegExp;
export declare const PACKED_SYMBOL_HEADING: RegExp;
/** Said after a removed symbol's location: the lines and the code are base's, not head's. */
export declare const REMOVED_NOTE = "(removed; code as in base)";
/** Said after the location of a symbol from a file with syntax errors. */
export declare const PARTIAL_NOTE = "(file partially parsed: syntax errors)";
export declare function markdownItem(item: DigestItem): string;
/**
 * The id inside its module (`Class.method`, a `#2` of a redefinition kept): the file's heading above
 * the block names the module. A name is dotted only by nesting, so the id's last as many parts are it.
 */
export declare function localId(item: Pick<DigestItem, 'id' | 'name'>): string;
/** The one line accounting for every root not in the document (PR digests, `changedInPreamble`). */
export declare function groupedRootsLine(skips: readonly DigestSkip[], rootFiles: ReadonlyMap<string, string> | undefined): string;
export declare function renderMarkdown(doc: DigestDocument): string;
export declare const markdownRenderer: DocumentRenderer;
