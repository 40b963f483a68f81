// Every edge of the repository graph, sorted by (from, to, kind).
// Interim body: the name-based graph of issue 2. The resolver of issue 3 replaces this body behind
// the same signature (its `maxHeuristicTargets` caps ambiguous name fallbacks).
import type { Edge, FileRecord } from '../model.js';
import { buildNameEdges } from './nameEdges.js';

export interface CallGraphOptions {
  maxHeuristicTargets?: number;
}

export function buildCallGraph(files: readonly FileRecord[], options: CallGraphOptions = {}): Edge[] {
  return buildNameEdges(files, options);
}
