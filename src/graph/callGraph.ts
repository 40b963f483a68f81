// Every edge of the repository graph, sorted by (from, to, kind): the resolver of resolve.ts
// (scopes, imports, classes, inferred types), with labelled name-based fallback for what it cannot
// prove. `maxHeuristicTargets` caps how many same-named symbols a fallback may link to (default 5);
// `parameterFlow` (default: parameters the function calls; `true` adds receivers; see resolve.ts for the cost).
import type { Edge, FileRecord } from '../model.js';
import { resolveCallGraph, type ResolveOptions } from './resolve.js';

export type CallGraphOptions = ResolveOptions;

export function buildCallGraph(files: readonly FileRecord[], options: CallGraphOptions = {}): Edge[] {
  return resolveCallGraph(files, options);
}
