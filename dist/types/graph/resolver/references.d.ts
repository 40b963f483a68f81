import type { Edge, PySymbol } from '../../model.js';
import type { Evaluator } from './evaluator.js';
export declare function referenceEdges(ev: Evaluator, sym: PySymbol): readonly Edge[];
