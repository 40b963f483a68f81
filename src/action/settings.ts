// Every action input is read here, once, into one frozen settings object (the actions/checkout
// input-helper pattern). Nothing else calls core.getInput, and nothing reads inputs at module load:
// `getInput` is injected so tests and the CLI can supply their own source.
//
// Defaults are repeated from action.yml on purpose: the runner fills action.yml defaults in, but a
// run without them (tests, a copy of the bundle, a misconfigured composite) must still behave the
// same. __tests__/action/settings.test.ts checks that the two lists agree.
//
// Validation messages are one line: the input, the value, the expected form.
import { isAbsolute, resolve } from 'node:path';
import { DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import { RESOLUTION_FILTERS } from '../graph/adjacency.js';
import { TOKEN_ENCODINGS } from '../pack/tokens.js';
import { DEFAULT_BUDGET, type PackChoices, type ScanChoices } from '../pipeline/runOptions.js';
import { DIGEST_FORMATS } from '../render/renderers.js';
import { FAIL_ON_VALUES, type FailOn } from '../review/failOn.js';


/** Every input, read and validated; the scan and pack choices are the CLI's too (pipeline/runOptions.ts). */
export interface Settings extends ScanChoices, PackChoices {
  githubToken: string;
  /** Absolute path of the directory to analyse (input `path`, relative to the workspace). */
  path: string;
  /** PR digests: parse only the files the digest can need (the CLI's `--on-demand`). */
  onDemand: boolean;
  comment: boolean;
  /** The raw input; the marker uses `default` when empty. */
  commentKey: string;
  artifact: boolean;
  artifactName: string;
  /** graph.html (the PR's impact, src/viewer/) goes into the artifact. */
  viewer: boolean;
  query: string;
  entry: string;
  prNumber: number | undefined;
  base: string;
  head: string;
  maxCommentChars: number;
  /** Absolute path of an existing digest to post, or '' (second half of the fork-safe pattern). */
  postDigest: string;
  /** Time limit of the analysis in minutes; when hit, what is known is posted with a note (action/analysis.ts). */
  timeoutMinutes: number;
  /** Fail the step, after delivering the digest, when a call site is likely broken. */
  failOn: FailOn;
  /** Keep per-file analysis results across runs in the Actions cache (action/digestCache.ts). */
  cache: boolean;
}

/** GitHub rejects issue comment bodies longer than this (characters). */
export const GITHUB_COMMENT_LIMIT = 65_536;

export const INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.freeze({
  'github-token': '',
  path: '.',
  budget: String(DEFAULT_BUDGET),
  encoding: 'o200k_base',
  format: 'markdown',
  'signatures-only': 'false',
  mermaid: 'true',
  include: '',
  exclude: '',
  resolution: 'all',
  'parameter-flow': 'false',
  'on-demand': 'false',
  // The file layer's own default, as the CLI's: action.yml spells out the same number (the test checks it).
  'max-file-bytes': String(DEFAULT_MAX_FILE_BYTES),
  comment: 'true',
  'comment-key': '',
  artifact: 'true',
  'artifact-name': 'repodigest',
  viewer: 'true',
  query: '',
  entry: '',
  'pr-number': '',
  base: '',
  head: '',
  'max-comment-chars': '65000',
  'post-digest': '',
  'timeout-minutes': '20',
  'fail-on': 'none',
  redact: 'true',
  cache: 'true',
});

export class InputError extends Error {
  constructor(input: string, value: string, expected: string) {
    super(`Invalid input '${input}': '${value}'. Expected ${expected}`);
    this.name = 'InputError';
  }
}

export interface SettingsDeps {
  /** Returns the trimmed input value, '' when unset (core.getInput semantics). */
  getInput: (name: string) => string;
  /** Base for a relative `path` / `post-digest`: the runner's workspace. */
  workspace: string;
}

export function readSettings(deps: SettingsDeps): Readonly<Settings> {
  const raw = (name: string): string => {
    const value = deps.getInput(name).trim();
    return value === '' ? (INPUT_DEFAULTS[name] ?? '') : value;
  };
  const settings: Settings = {
    githubToken: deps.getInput('github-token').trim(),
    path: resolvePath(deps.workspace, raw('path')),
    budget: positiveInteger('budget', raw('budget')),
    encoding: oneOf('encoding', raw('encoding'), TOKEN_ENCODINGS),
    format: oneOf('format', raw('format'), DIGEST_FORMATS),
    signaturesOnly: boolean('signatures-only', raw('signatures-only')),
    mermaid: boolean('mermaid', raw('mermaid')),
    include: globList(raw('include')),
    exclude: globList(raw('exclude')),
    resolution: oneOf('resolution', raw('resolution'), RESOLUTION_FILTERS),
    parameterFlow: boolean('parameter-flow', raw('parameter-flow')),
    onDemand: boolean('on-demand', raw('on-demand')),
    maxFileBytes: positiveInteger('max-file-bytes', raw('max-file-bytes')),
    comment: boolean('comment', raw('comment')),
    commentKey: commentKey(raw('comment-key')),
    artifact: boolean('artifact', raw('artifact')),
    artifactName: artifactName(raw('artifact-name')),
    viewer: boolean('viewer', raw('viewer')),
    query: raw('query'),
    entry: raw('entry'),
    prNumber: raw('pr-number') === '' ? undefined : positiveInteger('pr-number', raw('pr-number'), 2 ** 31),
    base: revision('base', raw('base')),
    head: revision('head', raw('head')),
    maxCommentChars: positiveInteger('max-comment-chars', raw('max-comment-chars'), GITHUB_COMMENT_LIMIT),
    postDigest: raw('post-digest') === '' ? '' : resolvePath(deps.workspace, raw('post-digest')),
    timeoutMinutes: positiveNumber('timeout-minutes', raw('timeout-minutes'), 360),
    failOn: oneOf('fail-on', raw('fail-on'), FAIL_ON_VALUES),
    redact: boolean('redact', raw('redact')),
    cache: boolean('cache', raw('cache')),
  };
  return Object.freeze({ ...settings, include: Object.freeze(settings.include), exclude: Object.freeze(settings.exclude) });
}

function resolvePath(workspace: string, value: string): string {
  return isAbsolute(value) ? resolve(value) : resolve(workspace, value);
}

function positiveInteger(input: string, value: string, max?: number): number {
  const n = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1) || !Number.isSafeInteger(n) || (max !== undefined && n > max)) {
    throw new InputError(input, value, `a positive integer${max !== undefined ? ` no larger than ${max}` : ''}.`);
  }
  return n;
}

/** A positive decimal (`0.5`, `20`), at most `max`: GitHub's own job limit for minutes. */
function positiveNumber(input: string, value: string, max: number): number {
  const n = /^[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : NaN;
  if (!(n > 0) || n > max) throw new InputError(input, value, `a positive number no larger than ${max}.`);
  return n;
}

function oneOf<T extends string>(input: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new InputError(input, value, `one of: ${allowed.join(', ')}.`);
  return value as T;
}

// The YAML 1.2 core-schema booleans, exactly as core.getBooleanInput accepts them.
const TRUE = new Set(['true', 'True', 'TRUE']);
const FALSE = new Set(['false', 'False', 'FALSE']);

function boolean(input: string, value: string): boolean {
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new InputError(input, value, 'true or false.');
}

/** Newline- or comma-separated globs; blank entries dropped, order kept (globs are evaluated as a set). */
function globList(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function commentKey(value: string): string {
  // The key goes inside an HTML comment marker: keep it to characters that cannot close it.
  if (value !== '' && !/^[A-Za-z0-9_.]+(-[A-Za-z0-9_.]+)*$/.test(value)) {
    throw new InputError('comment-key', value, 'letters, digits, ".", "_" and single "-" between them.');
  }
  if (value.length > 64) throw new InputError('comment-key', value, 'at most 64 characters.');
  return value;
}

function artifactName(value: string): string {
  // The characters the artifact service refuses in names (action/artifactUpload.ts), checked here so
  // the failure names the input.
  // Backticks too: the name is shown in a code span in the comment.
  if (/[":<>|*?\r\n\\/`]/.test(value)) {
    throw new InputError('artifact-name', value, 'a name without any of: " : < > | * ? \\ / ` or line breaks.');
  }
  return value;
}

function revision(input: string, value: string): string {
  // Passed to git as an argument: a leading '-' would be read as an option.
  if (value !== '' && (value.startsWith('-') || /\s/.test(value) || value.includes('..'))) {
    throw new InputError(input, value, 'a commit SHA, branch or tag (no leading "-", spaces or "..").');
  }
  return value;
}
