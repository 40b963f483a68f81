import { type DataRecord, type DigestDocument, type DigestSkip, type DocumentRenderer } from '../pack/document.js';
import type { PackedSymbol } from '../pack/packTypes.js';
/** What a markdown pack produced, for jsonAroundMarkdown. */
export interface MarkdownPack {
    budget: number;
    totalTokens: number;
    encoding: string;
    roots: readonly string[];
    packed: readonly PackedSymbol[];
    skipped: readonly DigestSkip[];
    insidePacked: number;
    content: string;
}
/** The PR digest's JSON: the markdown digest as `content`, with the complete review data (pr/reviewData.ts) around it. */
export declare function jsonAroundMarkdown(pack: MarkdownPack, review: DataRecord): string;
export declare function renderJson(doc: DigestDocument): string;
export declare const jsonRenderer: DocumentRenderer;
