import type { PySymbol } from '../../model.js';
import type { ProjectIndex } from './projectIndex.js';
export declare function decoratedAt(index: ProjectIndex, scope: PySymbol, line: number): PySymbol | undefined;
