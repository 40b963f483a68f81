// Event payloads as GitHub sends them: the examples GitHub's own webhook docs use
// (@octokit/webhooks-examples), with repository, PR number, title and SHAs patched to the test's repo.
import { createRequire } from 'node:module';

interface WebhookExamples {
  name: string;
  examples: Record<string, unknown>[];
}

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookExamples[];

function example(event: string, action?: string): Record<string, unknown> {
  const group = examples.find((e) => e.name === event);
  const found = group?.examples.find((x) => action === undefined || x['action'] === action);
  if (!found) throw new Error(`no ${event}${action ? `.${action}` : ''} example in @octokit/webhooks-examples`);
  return structuredClone(found);
}

export interface RepoRef {
  owner: string;
  repo: string;
}

function patchRepository(target: Record<string, unknown>, ref: RepoRef): void {
  target['name'] = ref.repo;
  target['full_name'] = `${ref.owner}/${ref.repo}`;
  (target['owner'] as Record<string, unknown>)['login'] = ref.owner;
}

export function pullRequestEvent(
  ref: RepoRef,
  pr: { number: number; title: string; baseSha: string; headSha: string; action?: 'opened' | 'synchronize'; fork?: boolean; changedFiles?: number },
): Record<string, unknown> {
  const payload = example('pull_request', pr.action ?? 'opened');
  payload['number'] = pr.number;
  patchRepository(payload['repository'] as Record<string, unknown>, ref);
  const p = payload['pull_request'] as Record<string, Record<string, unknown>>;
  (p as Record<string, unknown>)['number'] = pr.number;
  (p as Record<string, unknown>)['title'] = pr.title;
  p['base']!['sha'] = pr.baseSha;
  p['head']!['sha'] = pr.headSha;
  patchRepository(p['base']!['repo'] as Record<string, unknown>, ref);
  patchRepository(p['head']!['repo'] as Record<string, unknown>, pr.fork ? { owner: 'forker', repo: ref.repo } : ref);
  if (pr.action === 'synchronize') payload['after'] = pr.headSha;
  if (pr.changedFiles !== undefined) (p as Record<string, unknown>)['changed_files'] = pr.changedFiles;
  return payload;
}

export function workflowDispatchEvent(ref: RepoRef, inputs: Record<string, string> = {}): Record<string, unknown> {
  const payload = example('workflow_dispatch');
  payload['inputs'] = inputs;
  patchRepository(payload['repository'] as Record<string, unknown>, ref);
  return payload;
}
