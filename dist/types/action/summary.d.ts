export declare const SUMMARY_LIMIT_BYTES: number;
export interface SummaryDeps {
    env: NodeJS.ProcessEnv;
    write: (markdown: string) => Promise<void>;
}
/**
 * The summary text for a digest, neutralised as the comment is: unchanged when it fits, else trimmed
 * with a note. `fullDigestHint` and `trailer` are the caller's own markdown (render/comment.ts).
 */
export declare function summaryText(markdown: string, fullDigestHint: string, limitBytes?: number, trailer?: string): {
    text: string;
    trimmed: boolean;
};
/** Writes the job summary; returns false (nothing written) when GITHUB_STEP_SUMMARY is not set. */
export declare function writeJobSummary(markdown: string, fullDigestHint: string, trailer?: string, deps?: SummaryDeps): Promise<boolean>;
