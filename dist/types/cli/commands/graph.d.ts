import { type ResolutionFilter } from '../../graph/adjacency.js';
import type { Edge, RepoIndex } from '../../model.js';
import type { ViewerPayloadOptions } from '../../viewer/payload.js';
import type { ListFormat } from '../options.js';
export interface GraphCommandOptions {
    format: ListFormat;
    resolution: ResolutionFilter;
    callers?: string;
    callees?: string;
    /** Box-drawn tables (stdout is a terminal); plain columns otherwise. */
    terminal?: boolean;
}
export declare function renderGraphCommand(index: RepoIndex, options: GraphCommandOptions): string;
/**
 * The same text as renderGraphCommand, in pieces to write one after the other: a large repository's
 * JSON runs to tens of megabytes, and one string of it (plus the bytes stdout makes of it) would cost
 * several times that in peak memory.
 */
export declare function graphCommandChunks(index: RepoIndex, options: GraphCommandOptions): Generator<string>;
export declare function renderGraphJson(index: RepoIndex, edges: readonly Edge[]): string;
/**
 * `--html <file>`: the interactive viewer (src/viewer/) of the whole index, or of a PR's impact when
 * `options.pr` is given. Returns the line to print on stderr.
 */
export declare function writeViewerHtml(index: RepoIndex, file: string, options: ViewerPayloadOptions, deps?: {
    writeFile: (path: string, text: string) => void;
}): Promise<string>;
