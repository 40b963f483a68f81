export declare const HEAP_GROWTH_FLAG = "--heap-growing-percent=10";
export declare function preferSmallHeap(): void;
