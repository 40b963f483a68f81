import type { Edge, RepoIndex } from '../../model.js';
import type { ListFormat, ResolutionFilter } from '../options.js';
export interface GraphCommandOptions {
    format: ListFormat;
    resolution: ResolutionFilter;
    callers?: string;
    callees?: string;
}
export declare function renderGraphCommand(index: RepoIndex, options: GraphCommandOptions): string;
export declare function renderGraphJson(index: RepoIndex, edges: readonly Edge[]): string;
