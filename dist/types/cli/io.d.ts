import { type Progress, type ProgressDeps } from './progress.js';
export interface CliIo {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
    /** stdout is a terminal: tables are box-drawn (plain columns otherwise). */
    terminal?: boolean;
    /** Where the progress line may go (progress.ts decides whether it does); without it, never. */
    progress?: ProgressDeps;
}
export declare const defaultIo: CliIo;
/** The run's progress line: silent for an io without a progress stream (tests, the API). */
export declare function progressFor(io: CliIo, flags: {
    quiet?: boolean;
}): Progress;
