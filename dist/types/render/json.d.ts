import type { DigestDocument, DocumentRenderer } from './document.js';
export declare function renderJson(doc: DigestDocument): string;
export declare const jsonRenderer: DocumentRenderer;
