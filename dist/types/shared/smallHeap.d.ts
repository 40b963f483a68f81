export declare const HEAP_GROWTH_FLAG = "--heap-growing-percent=10";
/** Bytes of both semi-spaces the nursery is held at (V8 reaches it by doubling: 2, 4, 8 MB). */
export declare const NURSERY_FLOOR: number;
/** Bytes of old generation past which the nursery is V8's again. */
export declare const NURSERY_RELEASE: number;
export declare function preferSmallHeap(): void;
/**
 * What the nursery's growth should be (pure): held at the floor, growing to it, or V8's for good. A
 * size of 0 is a space this V8 does not report (renamed): then V8 decides, never a nursery held for good.
 */
export declare function nurseryPolicy(nurseryBytes: number, oldBytes: number): 'hold' | 'grow' | 'release';
/** After preferSmallHeap (in this isolate), holds the nursery as nurseryPolicy says; else nothing. */
export declare function holdYoungGeneration(): void;
