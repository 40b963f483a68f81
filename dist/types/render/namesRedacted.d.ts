import type { DocumentRenderer } from '../pack/document.js';
export declare function namesRedacted(renderer: DocumentRenderer, table: ReadonlyMap<string, string> | undefined): DocumentRenderer;
