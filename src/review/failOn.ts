// `fail-on: breaking` (Action) / `--fail-on breaking` (CLI): the one line that fails the run, after the
// digest has been delivered, naming the first few likely broken call sites.

import { plural } from '../shared/plural.js';
import type { BreakingSite } from './breakingSites.js';

export type FailOn = 'none' | 'breaking';
export const FAIL_ON_VALUES: readonly FailOn[] = ['none', 'breaking'];
const NAMED = 3;
/** The exit code of a run the gate fails (the CLI's GateFailure, the Action's step). */
export const GATE_EXIT_CODE = 3;

/** The failure line, or undefined when the run passes. */
export function failureFor(failOn: FailOn, breaking: readonly BreakingSite[]): string | undefined {
  if (failOn !== 'breaking') return undefined;
  const broken = breaking.filter((b) => b.certainty === 'broken');
  if (broken.length === 0) return undefined;
  const named = broken.slice(0, NAMED).map((b) => `${b.site.file}:${b.site.line} in ${b.site.caller} (${b.reason.replace(/`/g, '')})`);
  const more = broken.length > NAMED ? `; and ${broken.length - NAMED} more` : '';
  return `${plural(broken.length, 'call site')} likely broken by this change: ${named.join('; ')}${more}.`;
}
