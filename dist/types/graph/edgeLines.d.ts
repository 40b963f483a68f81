/** `lines` itself, or the shared list when it holds a single line. */
export declare function edgeLines(lines: number[]): number[];
