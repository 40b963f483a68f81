import { type ViewerPayload } from '../payloadTypes.js';
export interface Model {
    payload: ViewerPayload;
    size: number;
    ids: string[];
    /** Last segment for labels (the name relative to the parent). */
    labels: string[];
    kinds: string[];
    parent: Int32Array;
    children: number[][];
    /** Symbols in the subtree, itself included. */
    weight: Int32Array;
    byId: Map<string, number>;
    test: Uint8Array;
    edgeCount: number;
    edgeFrom: Int32Array;
    edgeTo: Int32Array;
    edgeKind: Int32Array;
    edgeRes: Int32Array;
    edgeLine: Int32Array;
    /** Edge indices leaving / entering each symbol. */
    out: number[][];
    into: number[][];
    change: Map<number, string>;
    /** Broken call sites: index into payload.pr.broken triples, per caller and per callee. */
    brokenOf: Map<number, number[]>;
}
export declare function buildModel(payload: ViewerPayload): Model;
export declare function ancestors(model: Model, i: number): number[];
export declare function fileLine(model: Model, i: number): string;
