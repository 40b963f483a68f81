import { type FailOn } from '../review/failOn.js';
export type Encoding = 'o200k_base' | 'cl100k_base';
export type Format = 'markdown' | 'xml' | 'json';
/** Whether packing follows heuristic (name-only) call edges too: the CLI's `--resolution` on pack/pr. */
export type Resolution = 'resolved' | 'all';
export interface Settings {
    githubToken: string;
    /** Absolute path of the directory to analyse (input `path`, relative to the workspace). */
    path: string;
    budget: number;
    encoding: Encoding;
    format: Format;
    signaturesOnly: boolean;
    /** PR digests: draw the Mermaid call graph in the markdown/json digest (never in XML). */
    mermaid: boolean;
    include: readonly string[];
    exclude: readonly string[];
    resolution: Resolution;
    /** Also follow objects passed as arguments into parameters used as receivers (the CLI's `--parameter-flow`); calls of parameters are always followed. */
    parameterFlow: boolean;
    /** Python files larger than this are skipped and reported (the CLI's `--max-file-bytes`). */
    maxFileBytes: number;
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
    /** [review] Fail the step, after delivering the digest, when a call site is likely broken. */
    failOn: FailOn;
    /** [review] Replace credentials in the analysed code by `<redacted: KIND>`. */
    redact: boolean;
    /** [cache] Keep per-file analysis results across runs in the Actions cache (action/digestCache.ts). */
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
