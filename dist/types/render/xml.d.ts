import { type DigestDocument, type DocumentRenderer } from './document.js';
export declare function xmlAttr(value: string | number): string;
export declare function cdata(text: string): string;
export declare function renderXml(doc: DigestDocument): string;
export declare const xmlRenderer: DocumentRenderer;
