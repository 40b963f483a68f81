import type { PrChangesDeps } from '../diff/prChanges.js';
import type { IndexOptions } from '../pipeline/indexRepository.js';
import type { PackSettings } from '../pipeline/packRepository.js';
export interface PrDigestRequest {
    repoDir: string;
    base: string;
    head: string;
    prNumber?: number;
    title?: string;
    index?: IndexOptions;
    /** Laid over DEFAULT_PACK_SETTINGS, like every settings argument of the package API. */
    pack: Partial<PackSettings>;
    /** Fetch base/head from origin when a shallow checkout lacks them (the action; the CLI stays offline). */
    fetchMissing?: boolean;
    /** Only when git cannot answer: the REST API fallback (the action supplies it). */
    apiFallback?: PrChangesDeps['apiFallback'];
    /**
     * repoDir relative to the repository's top level (POSIX). Asked of git when absent; pass it when git
     * may be unable to answer (the API fallback on a checkout without .git), or the API's paths are
     * taken as relative to repoDir.
     */
    scanPrefix?: string;
    /** Parse every file instead of only those the digest can need (onDemandRounds.ts); same digest. */
    fullIndex?: boolean;
    /** Told each step of the review (after the index) and each section layout packed, for a progress line. */
    onStep?: (phase: 'review' | 'pack', done: number, total: number) => void;
}
