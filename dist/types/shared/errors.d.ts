export declare class RepoDigestError extends Error {
    readonly remedy?: string | undefined;
    readonly exitCode: number;
    /** What failed, without the remedy. */
    readonly problem: string;
    constructor(problem: string, remedy?: string | undefined, exitCode?: number);
}
/** The user asked for something malformed (flags, arguments): exit code 2. */
export declare class UsageError extends RepoDigestError {
    constructor(message: string, remedy?: string);
}
/** The change fails the gate the user asked for (`--fail-on breaking`): exit code 3. */
export declare class GateFailure extends RepoDigestError {
    constructor(message: string);
}
export declare function formatError(err: unknown, debug: boolean): string;
/** The process exit code for a thrown value: the error's own for ours, 1 for anything else. */
export declare function exitCodeFor(err: unknown): number;
