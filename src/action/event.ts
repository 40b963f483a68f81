// The triggering event, reduced to what the action needs. Read from GITHUB_EVENT_NAME and the JSON
// payload at GITHUB_EVENT_PATH (the runner writes the webhook payload there), not from
// @actions/github's `context`, which reads the environment when its module loads.
//
// `pull_request_target` counts as a pull request: same payload shape. `workflow_run` (second half of
// the fork-safe pattern) is 'other', but its same-repository PR number is kept when the payload has
// one; fork PRs are absent from `workflow_run.pull_requests`, hence the `pr-number` input.
import { readFileSync } from 'node:fs';

export interface EventInfo {
  kind: 'pull_request' | 'workflow_dispatch' | 'other';
  name: string;
  prNumber: number | undefined;
  title: string | undefined;
  baseSha: string | undefined;
  headSha: string | undefined;
  owner: string;
  repo: string;
  /** The PR head lives in another repository: the token is read-only there. */
  isFork: boolean;
  /** `pull_request.changed_files`: tells a truncated REST file listing from a complete one. */
  changedFiles: number | undefined;
}

export interface EventDeps {
  env: NodeJS.ProcessEnv;
  readFile: (path: string) => string;
}

const defaultDeps: EventDeps = { env: process.env, readFile: (p) => readFileSync(p, 'utf8') };

export function readEvent(deps: EventDeps = defaultDeps): EventInfo {
  const name = deps.env['GITHUB_EVENT_NAME'] ?? '';
  const path = deps.env['GITHUB_EVENT_PATH'];
  let payload: Record<string, unknown> = {};
  if (path) {
    try {
      payload = asRecord(JSON.parse(deps.readFile(path)));
    } catch (error) {
      throw new Error(`Cannot read the event payload at GITHUB_EVENT_PATH '${path}': ${(error as Error).message}`, { cause: error });
    }
  }
  const [envOwner = '', envRepo = ''] = (deps.env['GITHUB_REPOSITORY'] ?? '').split('/');
  const repository = asRecord(payload['repository']);
  const owner = str(asRecord(repository['owner'])['login']) ?? envOwner;
  const repo = str(repository['name']) ?? envRepo;
  const base = { kind: 'other' as EventInfo['kind'], name, prNumber: undefined, title: undefined, baseSha: undefined, headSha: undefined, owner, repo, isFork: false, changedFiles: undefined };

  if (name === 'pull_request' || name === 'pull_request_target') {
    const pr = asRecord(payload['pull_request']);
    const head = asRecord(pr['head']);
    const baseRef = asRecord(pr['base']);
    const headRepo = str(asRecord(head['repo'])['full_name']);
    const baseRepo = str(asRecord(baseRef['repo'])['full_name']);
    return {
      ...base,
      kind: 'pull_request',
      prNumber: num(pr['number']) ?? num(payload['number']),
      title: str(pr['title']),
      baseSha: str(baseRef['sha']),
      headSha: str(head['sha']),
      // A deleted fork leaves head.repo null: treat as a fork (read-only token).
      isFork: headRepo === undefined || headRepo !== baseRepo,
      changedFiles: num(pr['changed_files']),
    };
  }
  if (name === 'workflow_dispatch') return { ...base, kind: 'workflow_dispatch' };
  if (name === 'workflow_run') {
    const run = asRecord(payload['workflow_run']);
    const prs = Array.isArray(run['pull_requests']) ? run['pull_requests'] : [];
    const first = asRecord(prs[0]);
    return { ...base, prNumber: num(first['number']), headSha: str(run['head_sha']) };
  }
  return base;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
