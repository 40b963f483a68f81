import { type PackChoices, type ScanChoices } from '../pipeline/runOptions.js';
import { type FailOn } from '../review/failOn.js';
/** Every input, read and validated; the scan and pack choices are the CLI's too (pipeline/runOptions.ts). */
export interface Settings extends ScanChoices, PackChoices {
    githubToken: string;
    /** Absolute path of the directory to analyse (input `path`, relative to the workspace). */
    path: string;
    /** PR digests: parse only the files the digest can need (the CLI's `--on-demand`). */
    onDemand: boolean;
    comment: boolean;
    /** The raw input; the marker uses `default` when empty. */
    commentKey: string;
    artifact: boolean;
    artifactName: string;
    /** graph.html (the PR's impact, src/viewer/) goes into the artifact. */
    viewer: boolean;
    query: string;
    entry: string;
    prNumber: number | undefined;
    base: string;
    head: string;
    maxCommentChars: number;
    /** Absolute path of an existing digest to post, or '' (second half of the fork-safe pattern). */
    postDigest: string;
    /** Time limit of the analysis in minutes; when hit, what is known is posted with a note (action/analysis.ts). */
    timeoutMinutes: number;
    /** Fail the step, after delivering the digest, when a call site is likely broken. */
    failOn: FailOn;
    /** Keep per-file analysis results across runs in the Actions cache (action/digestCache.ts). */
    cache: boolean;
}
/** GitHub rejects issue comment bodies longer than this (characters). */
export declare const GITHUB_COMMENT_LIMIT = 65536;
export declare const INPUT_DEFAULTS: Readonly<Record<string, string>>;
export declare class InputError extends Error {
    constructor(input: string, value: string, expected: string);
}
export interface SettingsDeps {
    /** Returns the trimmed input value, '' when unset (core.getInput semantics). */
    getInput: (name: string) => string;
    /** Base for a relative `path` / `post-digest`: the runner's workspace. */
    workspace: string;
}
export declare function readSettings(deps: SettingsDeps): Readonly<Settings>;
