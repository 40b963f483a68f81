import type { RepoIndex } from '../model.js';
import { type ScanFlags } from './flags.js';
import { type CliIo } from './io.js';
import type { Progress } from './progress.js';
/** Scans with the progress line running; the caller moves it on (pack, render) and ends it with done(). */
export declare function scanWithReport(root: string, flags: ScanFlags, io: CliIo, progress?: Progress, keepText?: boolean): Promise<RepoIndex>;
/** File names and what is said about them are the repository's text: one line each, nothing acting (visibleText.ts). */
export declare function reportScan(index: RepoIndex, io: CliIo): void;
