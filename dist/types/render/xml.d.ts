import { type DigestDocument, type DigestSkip, type DocumentRenderer } from '../pack/document.js';
export declare function xmlAttr(value: string | number): string;
export declare function cdata(text: string): string;
export declare function groupedRootsElement(skips: readonly DigestSkip[], rootFiles: ReadonlyMap<string, string> | undefined): string;
export declare function renderXml(doc: DigestDocument): string;
export declare const xmlRenderer: DocumentRenderer;
