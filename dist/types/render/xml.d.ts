import { type DigestDocument, type DigestSkip, type DocumentRenderer } from '../pack/document.js';
export { cdata, xmlAttr } from './xmlEscape.js';
export declare function groupedRootsElement(skips: readonly DigestSkip[], rootFiles: ReadonlyMap<string, string> | undefined): string;
export declare function renderXml(doc: DigestDocument): string;
export declare const xmlRenderer: DocumentRenderer;
