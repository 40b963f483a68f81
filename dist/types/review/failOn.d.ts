import type { BreakingSite } from './breakingSites.js';
export type FailOn = 'none' | 'breaking';
export declare const FAIL_ON_VALUES: readonly FailOn[];
/** The failure line, or undefined when the run passes. */
export declare function failureFor(failOn: FailOn, breaking: readonly BreakingSite[]): string | undefined;
