import { Command } from 'commander';
import type { RepoIndex } from '../model.js';
import { type IndexOptions } from '../pipeline/indexRepository.js';
import { type Progress, type ProgressDeps, type ProgressOptions } from './progress.js';
import { type CacheFlags } from './cacheOptions.js';
export interface CliIo {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
    /** Where the progress line may go (progress.ts decides whether it does); without it, never. */
    progress?: ProgressDeps;
}
/** The run's progress line: silent for an io without a progress stream (tests, the API). */
export declare function progressFor(io: CliIo, flags: {
    quiet?: boolean;
}, options?: Omit<ProgressOptions, 'quiet'>): Progress;
export interface ScanFlags extends CacheFlags {
    include?: string[];
    exclude?: string[];
    maxFileBytes?: string;
    parameterFlow?: boolean;
    /** False with `--no-redact`. */
    redact?: boolean;
    debug?: boolean;
    /** `--quiet`: no progress line (warnings and skipped-file notes still print: nothing is lost silently). */
    quiet?: boolean;
}
export declare function indexOptionsFrom(flags: ScanFlags): IndexOptions;
/** Scans with the progress line running; the caller moves it on (pack, render) and ends it with done(). */
export declare function scanWithReport(root: string, flags: ScanFlags, io: CliIo, progress?: Progress, keepText?: boolean): Promise<RepoIndex>;
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
