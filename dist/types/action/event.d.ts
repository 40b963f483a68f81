export interface EventInfo {
    kind: 'pull_request' | 'workflow_dispatch' | 'other';
    name: string;
    prNumber: number | undefined;
    title: string | undefined;
    baseSha: string | undefined;
    headSha: string | undefined;
    owner: string;
    repo: string;
    /** The PR head lives in another repository: the token is read-only there. */
    isFork: boolean;
    /** `pull_request.changed_files`: tells a truncated REST file listing from a complete one. */
    changedFiles: number | undefined;
}
export interface EventDeps {
    env: NodeJS.ProcessEnv;
    readFile: (path: string) => string;
}
export declare function readEvent(deps?: EventDeps): EventInfo;
