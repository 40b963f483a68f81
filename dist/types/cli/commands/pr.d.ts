import type { BreakingSite } from '../../review/breakingSites.js';
import { type PackFlags } from '../flags.js';
import { type CliIo } from '../io.js';
export interface PrFlags extends PackFlags {
    base: string;
    head: string;
    title?: string;
    /** Also write the PR's impact as an interactive graph viewer (src/viewer/). */
    html?: string;
    /** false with --no-mermaid. */
    mermaid?: boolean;
    /** --on-demand: parse only the files the digest can need (pr/onDemandRounds.ts); the --html viewer parses all. */
    onDemand?: boolean;
}
export declare function runPrCommand(path: string, flags: PrFlags, cliIo: CliIo): Promise<{
    text: string;
    warnings: string[];
    breaking: BreakingSite[];
    secrets: ReadonlyMap<string, string> | undefined;
}>;
