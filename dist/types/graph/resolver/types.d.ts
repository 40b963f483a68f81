import type { RefExpr } from '../../model.js';
export declare function dottedToRef(dotted: string): RefExpr;
/** Dotted names the annotation may denote, in source order, without duplicates. */
export declare function annotationNames(annotation: string): string[];
