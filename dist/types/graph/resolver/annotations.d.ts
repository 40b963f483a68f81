import type { PySymbol, RefExpr } from '../../model.js';
import { type Value } from './values.js';
/** The part of the evaluator annotations are evaluated with. */
export interface AnnotationEvaluator {
    symbol(id: string | undefined): PySymbol | undefined;
    evalRef(scope: PySymbol, ref: RefExpr): Value[];
}
export declare class AnnotationValues {
    private readonly ev;
    private readonly ids;
    /** One container value per (kind, scope, element name), so its id is stable across reads. */
    private readonly held;
    /** `ids`: where new container values take their ids (containers.ts). */
    constructor(ev: AnnotationEvaluator, ids: {
        newUid(): number;
    });
    /** The values `text`, read in `scope`, annotates. */
    evaluate(scope: PySymbol, text: string): Value[];
}
