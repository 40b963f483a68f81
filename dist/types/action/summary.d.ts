export declare const SUMMARY_LIMIT_BYTES: number;
export interface SummaryDeps {
    env: NodeJS.ProcessEnv;
    write: (markdown: string) => Promise<void>;
}
/** The summary text for a digest: unchanged when it fits, else trimmed with a note. */
export declare function summaryText(markdown: string, fullDigestHint: string, limitBytes?: number): {
    text: string;
    trimmed: boolean;
};
/** Writes the job summary; returns false (nothing written) when GITHUB_STEP_SUMMARY is not set. */
export declare function writeJobSummary(markdown: string, fullDigestHint: string, deps?: SummaryDeps): Promise<boolean>;
