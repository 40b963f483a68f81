import type { BreakingSite } from './breakingSites.js';
export type FailOn = 'none' | 'breaking';
export declare const FAIL_ON_VALUES: readonly FailOn[];
/** The exit code of a run the gate fails (the CLI's GateFailure, the Action's step). */
export declare const GATE_EXIT_CODE = 3;
/** The failure line, or undefined when the run passes. */
export declare function failureFor(failOn: FailOn, breaking: readonly BreakingSite[]): string | undefined;
