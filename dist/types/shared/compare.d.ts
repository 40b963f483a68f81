/** Code-unit order: locale-independent, so output never depends on the machine. */
export declare function compareStrings(a: string, b: string): number;
