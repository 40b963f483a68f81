export type EdgePair = readonly [from: string, to: string];
export interface CaseResult {
    category: string;
    name: string;
    expected: EdgePair[];
    actual: EdgePair[];
}
export interface Score {
    label: string;
    cases: number;
    expected: number;
    predicted: number;
    truePositives: number;
    precision: number;
    recall: number;
}
export declare function caseCounts(c: CaseResult): {
    tp: number;
    missing: EdgePair[];
    extra: EdgePair[];
};
/** One score per category (sorted), then the overall score last. */
export declare function scoreByCategory(cases: readonly CaseResult[]): Score[];
