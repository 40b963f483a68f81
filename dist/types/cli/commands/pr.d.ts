import type { CliIo, PackFlags } from '../main.js';
export interface PrFlags extends PackFlags {
    base: string;
    head: string;
    title?: string;
}
export declare function runPrCommand(path: string, flags: PrFlags, io: CliIo): Promise<{
    text: string;
    warnings: string[];
}>;
