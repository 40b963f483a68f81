import type { ResultsHttp } from './resultsHttp.js';
export interface TwirpPolicy {
    /** The fully qualified service name (`github.actions.results.api.v1.ArtifactService`). */
    service: string;
    retryStatuses: readonly number[];
    /** 'retry' (artifact client) or 'stop' (cache client) on 429. */
    onTooManyRequests: 'retry' | 'stop';
    /** Thrown, unretried, when a response's `msg` says "insufficient usage". */
    quotaMessage: string;
    maxAttempts: number;
    baseRetryMs: number;
    retryMultiplier: number;
}
export declare const ARTIFACT_SERVICE: TwirpPolicy;
export declare const CACHE_SERVICE: TwirpPolicy;
export interface TwirpDeps {
    http: Pick<ResultsHttp, 'send'>;
    sleep: (ms: number) => Promise<void>;
    /** In [0, 1): picks the wait inside its window. */
    random: () => number;
    info: (line: string) => void;
    warning: (line: string) => void;
    /** Registers a value the log must mask (core.setSecret in the action). */
    setSecret: (secret: string) => void;
}
export interface TwirpTarget {
    /** ACTIONS_RESULTS_URL (only its origin is used). */
    resultsUrl: string;
    token: string;
}
export type TwirpMessage = Record<string, unknown>;
/** Network failures: the runner cannot reach the service, which retrying does not change. */
export declare function networkErrorMessage(code: string): string;
export declare function errorCode(error: unknown): string | undefined;
/** The wait after failed attempt `attempt` (0-based). */
export declare function retryDelayMs(policy: TwirpPolicy, attempt: number, random: () => number): number;
export declare function twirpCall(policy: TwirpPolicy, target: TwirpTarget, method: string, request: TwirpMessage, deps: TwirpDeps): Promise<TwirpMessage>;
