import type { Edge, FileRecord } from '../model.js';
import { type ResolveOptions } from './resolve.js';
export type CallGraphOptions = ResolveOptions;
export declare function buildCallGraph(files: readonly FileRecord[], options?: CallGraphOptions): Edge[];
