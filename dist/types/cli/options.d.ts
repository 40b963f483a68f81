export type ListFormat = 'table' | 'json';
export declare function parsePositiveInteger(option: string, value: string): number;
export declare function parseChoice<T extends string>(option: string, value: string, choices: readonly T[]): T;
export declare function parseGlobList(values: string[] | undefined): string[] | undefined;
