import { Command } from 'commander';
import type { RepoIndex } from '../model.js';
import { type IndexOptions } from '../pipeline/indexRepository.js';
export interface CliIo {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
}
export interface ScanFlags {
    include?: string[];
    exclude?: string[];
    maxFileBytes?: string;
    parameterFlow?: boolean;
    /** False with `--no-redact`. */
    redact?: boolean;
    debug?: boolean;
}
export declare function indexOptionsFrom(flags: ScanFlags): IndexOptions;
export declare function scanWithReport(root: string, flags: ScanFlags, io: CliIo): Promise<RepoIndex>;
/** File names and what is said about them are the repository's text: one line each, nothing acting (visibleText.ts). */
export declare function reportScan(index: RepoIndex, io: CliIo): void;
export declare function buildProgram(io?: CliIo): Command;
export interface PackFlags extends ScanFlags {
    budget: string;
    format: string;
    encoding: string;
    resolution: string;
    signaturesOnly?: boolean;
    output?: string;
}
/** Runs the CLI; returns the exit code instead of exiting, so tests can call it in-process. */
export declare function runCli(argv: string[], io?: CliIo): Promise<number>;
