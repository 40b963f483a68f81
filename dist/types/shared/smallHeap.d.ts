/** Percent the old generation may grow past what survived a full collection, while it is small and once it is large. */
export declare const GROWTH_WHILE_SMALL = 50;
export declare const GROWTH_ONCE_LARGE = 10;
/** Bytes of old generation past which its growth is GROWTH_ONCE_LARGE for good. */
export declare const GROWTH_SWITCH: number;
/** Bytes of both semi-spaces the nursery is held at (V8 reaches it by doubling: 2, 4, 8 MB). */
export declare const NURSERY_FLOOR: number;
/** Bytes of old generation past which the nursery is V8's again. */
export declare const NURSERY_RELEASE: number;
/** What the policies read and set: V8's flags and the sizes of its nursery and old space (0 when not reported). */
export interface HeapPolicyDeps {
    setFlags: (flag: string) => void;
    spaces: () => {
        nursery: number;
        old: number;
    };
}
/**
 * What the nursery's growth should be (pure): held at the floor, growing to it, or V8's for good. A
 * size of 0 is a space this V8 does not report (renamed): then V8 decides, never a nursery held for good.
 */
export declare function nurseryPolicy(nurseryBytes: number, oldBytes: number): 'hold' | 'grow' | 'release';
/** The old generation's growth in percent for its size (pure); a size of 0 (a space this V8 does not report) is treated as large, the lower peak. */
export declare function growthPercent(oldBytes: number): number;
/** One isolate's policies: `prefer` at start-up, then `follow` on every heap guard check (it does nothing before `prefer`). */
export declare function createHeapPolicies(deps: HeapPolicyDeps): {
    prefer: () => void;
    follow: () => void;
};
/** This isolate's policies from now on (the process entries call it first thing). */
export declare function preferSmallHeap(): void;
/** After preferSmallHeap (in this isolate), holds the nursery as nurseryPolicy says and sets growthPercent; else nothing. */
export declare function followHeapPolicies(): void;
