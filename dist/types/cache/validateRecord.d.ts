export declare function validateRecord(value: unknown, path: string): string | undefined;
