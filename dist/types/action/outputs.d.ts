export interface ActionOutputs {
    digestPath: string;
    jsonPath: string;
    totalTokens: number | undefined;
    budget: number | undefined;
    changedSymbols: number | undefined;
    packedSymbols: number | undefined;
    skippedSymbols: number | undefined;
    commentId: number | undefined;
    commentUrl: string | undefined;
    artifactId: number | undefined;
    /** pytest node ids of the tests that reach the change, space-separated ('' when none). */
    tests: string;
    /** Test files that import the changed code, space-separated ('' when none). */
    testsMustRun: string;
    /** Both tiers as JSON ('' for query and entry digests). */
    testsJson: string;
    /** `fail-on`'s verdict: 'failed', 'passed', or '' when `fail-on` is `none` (the CLI's exit code 3). */
    gate: '' | 'passed' | 'failed';
}
/** Output names in action.yml order. */
export declare const OUTPUT_NAMES: readonly ["digest-path", "json-path", "total-tokens", "budget", "changed-symbols", "packed-symbols", "skipped-symbols", "comment-id", "comment-url", "artifact-id", "tests", "tests-must-run", "tests-json", "gate"];
export declare function outputRecord(o: ActionOutputs): Record<(typeof OUTPUT_NAMES)[number], string>;
export declare function setOutputs(o: ActionOutputs, setOutput?: (name: string, value: string) => void): void;
