export declare function writeOutputFile(option: string, path: string, text: string): void;
