import type { RepoIndex } from '../model.js';
import { type ViewerPayload } from './payloadTypes.js';
export interface BrokenSite {
    /** The calling symbol. */
    from: string;
    /** The changed symbol it calls. */
    to: string;
    line?: number;
    reason: string;
}
export interface PrImpactInput {
    changed: readonly {
        id: string;
        change: string;
    }[];
    /** Likely-broken call sites, when the PR analysis knows them. */
    broken?: readonly BrokenSite[];
}
export interface ViewerPayloadOptions {
    title: string;
    notes?: readonly string[];
    /** Present for a PR's impact view. */
    pr?: PrImpactInput;
}
export declare function buildViewerPayload(index: RepoIndex, options: ViewerPayloadOptions): ViewerPayload;
