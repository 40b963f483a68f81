import { type DiffLine } from './symbolDiff.js';
/** Every line, prefixed by its tag: the body of a `diff` fence showing the whole symbol. */
export declare function wholeDiffText(lines: readonly DiffLine[]): string;
/** The changed lines with `context` lines around them, each hunk under its `@@ -a,b +c,d @@` header. */
export declare function hunksText(lines: readonly DiffLine[], context: number): string;
/** A unified diff of the symbol (JSON `diff`): file headers, then its hunks with 3 lines of context. */
export declare function unifiedDiff(lines: readonly DiffLine[], oldPath: string | undefined, newPath: string | undefined): string;
