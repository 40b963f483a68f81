import type { RefExpr } from '../model.js';
/** `a if c else b`, `a or b` -> any item of [a, b]; undefined when `text` is neither. */
export declare function alternativesFromText(text: string, read: (text: string) => RefExpr): RefExpr | undefined;
