// The sticky PR comment: one per PR and comment key, found by a hidden marker on its first line and
// edited in place, never duplicated (the marocchino/sticky-pull-request-comment approach).
//
// Whose comment counts as ours. A comment is ours when its body starts with the marker AND its author
// is a bot account (`user.type === 'Bot'`: `github-actions[bot]` for the default GITHUB_TOKEN, or the
// app's bot for an app installation token). People cannot author Bot comments, so pasting the marker
// into a comment never makes us edit (or try to edit) someone else's. With a personal access token the
// author is that user: only when marker comments exist and none is a bot's do we ask `GET /user` who
// the token belongs to (that call is refused for GITHUB_TOKEN, so it is not made on the common path).
// The oldest matching comment wins, so a duplicate left by a race is ignored, not multiplied.
//
// Permissions. On a fork PR the token is read-only: a 403 returns { status: 'forbidden' } for the
// caller to report as a warning. Any other failure throws.
import type { Octokit } from './octokit.js';

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export type CommentResult =
  | { status: 'created' | 'updated' | 'unchanged'; id: number; url: string }
  | { status: 'forbidden'; message: string };

export function stickyMarker(commentKey: string): string {
  return `<!-- repodigest:${commentKey === '' ? 'default' : commentKey} -->`;
}

interface ListedComment {
  id: number;
  body?: string | undefined;
  html_url: string;
  user: { login: string; type: string } | null;
}

export async function upsertStickyComment(
  octokit: Octokit,
  target: CommentTarget,
  marker: string,
  body: string,
): Promise<CommentResult> {
  if (!body.startsWith(marker)) throw new Error('The comment body must start with its marker.');
  const where = { owner: target.owner, repo: target.repo };
  try {
    const comments: ListedComment[] = await octokit.paginate(octokit.rest.issues.listComments, {
      ...where,
      issue_number: target.issueNumber,
      per_page: 100,
    });
    const existing = await findOwn(octokit, comments, marker);
    if (existing) {
      if (existing.body === body) return { status: 'unchanged', id: existing.id, url: existing.html_url };
      const { data } = await octokit.rest.issues.updateComment({ ...where, comment_id: existing.id, body });
      return { status: 'updated', id: data.id, url: data.html_url };
    }
    const { data } = await octokit.rest.issues.createComment({ ...where, issue_number: target.issueNumber, body });
    return { status: 'created', id: data.id, url: data.html_url };
  } catch (error) {
    if (statusOf(error) === 403) return { status: 'forbidden', message: (error as Error).message };
    throw error;
  }
}

async function findOwn(octokit: Octokit, comments: ListedComment[], marker: string): Promise<ListedComment | undefined> {
  const marked = comments
    .filter((c) => (c.body ?? '').startsWith(marker) && c.user !== null)
    .sort((a, b) => a.id - b.id);
  const byBot = marked.find((c) => c.user?.type === 'Bot');
  if (byBot || marked.length === 0) return byBot;
  const login = await tokenLogin(octokit);
  return login === undefined ? undefined : marked.find((c) => c.user?.login === login);
}

async function tokenLogin(octokit: Octokit): Promise<string | undefined> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (error) {
    const status = statusOf(error);
    if (status === 403 || status === 401 || status === 404) return undefined;
    throw error;
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
