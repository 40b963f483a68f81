import type { RemovedReference } from '../diff/removedReferences.js';
import type { BrokenSite } from './payload.js';
export declare function brokenSitesFrom(references: readonly RemovedReference[]): BrokenSite[];
