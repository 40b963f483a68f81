import type { BrokenSite } from './payload.js';
export interface RemovedReferenceLike {
    id: string;
    movedTo?: string;
    sites: readonly {
        caller: string;
        line?: number;
        via: string;
    }[];
}
export declare function brokenSitesFrom(references: readonly RemovedReferenceLike[] | undefined): BrokenSite[];
