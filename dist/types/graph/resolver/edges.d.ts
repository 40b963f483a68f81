import type { Edge, FileRecord } from '../../model.js';
import type { Evaluator } from './evaluator.js';
export declare function containsEdges(ev: Evaluator): Edge[];
/**
 * Every import anywhere in a file (module level, in functions, under TYPE_CHECKING, in try/except)
 * is an edge from the file's module; `from m import name` points at the definition the name
 * resolves to (through re-exports), else at `m` itself. A module importing itself gets no edge.
 */
export declare function importEdges(ev: Evaluator, file: FileRecord): Edge[];
export declare function inheritsEdges(ev: Evaluator): Edge[];
