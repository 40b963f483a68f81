// Step outputs: every output in action.yml is set on every run ('' when it does not apply), so a
// downstream step can test `steps.x.outputs.comment-id != ''` instead of guessing whether it exists.
import * as core from '@actions/core';

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
export const OUTPUT_NAMES = [
  'digest-path',
  'json-path',
  'total-tokens',
  'budget',
  'changed-symbols',
  'packed-symbols',
  'skipped-symbols',
  'comment-id',
  'comment-url',
  'artifact-id',
  'tests',
  'tests-must-run',
  'tests-json',
  'gate',
] as const;

export function outputRecord(o: ActionOutputs): Record<(typeof OUTPUT_NAMES)[number], string> {
  const s = (v: string | number | undefined): string => (v === undefined ? '' : String(v));
  return {
    'digest-path': o.digestPath,
    'json-path': o.jsonPath,
    'total-tokens': s(o.totalTokens),
    budget: s(o.budget),
    'changed-symbols': s(o.changedSymbols),
    'packed-symbols': s(o.packedSymbols),
    'skipped-symbols': s(o.skippedSymbols),
    'comment-id': s(o.commentId),
    'comment-url': s(o.commentUrl),
    'artifact-id': s(o.artifactId),
    tests: o.tests,
    'tests-must-run': o.testsMustRun,
    'tests-json': o.testsJson,
    gate: o.gate,
  };
}

export function setOutputs(o: ActionOutputs, setOutput: (name: string, value: string) => void = core.setOutput): void {
  const record = outputRecord(o);
  for (const name of OUTPUT_NAMES) setOutput(name, record[name]);
}
