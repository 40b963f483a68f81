export interface RetrievalTuning {
    /** Whole modules and classes, times (priors.ts). */
    readonly moduleFactor: number;
    readonly classFactor: number;
    /** Tests and test data, times; when the question is about tests (priors.ts). */
    readonly testFactor: number;
    readonly testFactorAsked: number;
    /** Signals (signals.ts) in units of the best BM25F score, times. */
    readonly signalScale: number;
    /** One hop (graphBoost.ts): how many top hits lend, and what share of their score. */
    readonly graphSeeds: number;
    readonly graphShare: number;
    /** A matched class lends to its methods by their own word match, not evenly (graphBoost.ts). */
    readonly membersByMatch: boolean;
    /** Share of its file's best hit that each matching symbol of the file gets (fileContext.ts). */
    readonly fileShare: number;
    /** Factor per question word that names a folder or file of the symbol (fileContext.ts). */
    readonly pathBoost: number;
    /** Times the body field's weight (fieldIndex.ts WEIGHT.body = 0.5). */
    readonly bodyFactor: number;
    /** Test intent read from more words than test/tests/fixture: flaky, xfail, parametrize, ... (priors.ts). */
    readonly broadTestIntent: boolean;
    /** Tests of the best code hits (testLinks.ts): how many hits, how many tests each, at what share of the hit. */
    readonly testSeeds: number;
    readonly testsPerHit: number;
    readonly testShare: number;
    /** Drop the words of the act of changing code (fix, bug, typo, issue, ...) from questions (fieldIndex.ts). */
    readonly metaWords: boolean;
}
export declare const DEFAULT_TUNING: RetrievalTuning;
