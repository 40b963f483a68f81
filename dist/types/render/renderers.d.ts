import type { DigestFormat, DocumentRenderer } from '../pack/document.js';
export declare const DIGEST_FORMATS: readonly DigestFormat[];
export declare function rendererFor(format: DigestFormat): DocumentRenderer;
