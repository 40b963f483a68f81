// The sticky PR comment: one per PR and comment key, found by a hidden marker on its first line and
// edited in place (the marocchino/sticky-pull-request-comment approach).
//
// Whose comment counts as ours: its body starts with the marker AND its author is the token's own
// login (tokenIdentity.ts). Any other author, person or bot, can paste the marker; we never edit theirs.
//
// Concurrent runs (two pushes in quick succession). The second line of the body is a hidden run key,
// `<!-- repodigest-run:RUN_ID.ATTEMPT -->` (run ids grow with every new run; a re-run keeps its id and
// bumps the attempt). The rule: the comment holds the digest of the largest key, in the oldest of our
// marker comments, and there is one such comment.
// - Two runs that both found nothing both create; each then lists again, and both converge on the same
//   answer: keep the oldest comment, give it the newest body, delete the others (a 404 on a delete the
//   other run already made is fine).
// - An edit checks the key before writing (an older run never overwrites a newer digest) and reads the
//   comment back after writing: if a newer run's edit landed in between, it stops; if an older run's
//   edit landed after ours, it writes again (bounded).
//
// Permissions. On a fork PR the token is read-only: a 403 returns { status: 'forbidden' } for the
// caller to report as a warning. Any other failure throws.
import type { Octokit } from './octokit.js';
import { tokenLogin } from './tokenIdentity.js';

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export type CommentResult =
  | { status: 'created' | 'updated' | 'unchanged' | 'superseded'; id: number; url: string; removedDuplicates: number }
  | { status: 'forbidden'; message: string };

export function stickyMarker(commentKey: string): string {
  return `<!-- repodigest:${commentKey === '' ? 'default' : commentKey} -->`;
}

/** Orders digests of one PR: the run's id, then its attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT). */
export interface RunKey {
  id: number;
  attempt: number;
}

export function runKeyLine(key: RunKey): string {
  return `<!-- repodigest-run:${key.id}.${key.attempt} -->`;
}

export function runKeyFromEnv(env: NodeJS.ProcessEnv): RunKey {
  const n = (v: string | undefined): number => (/^[0-9]{1,15}$/.test(v ?? '') ? Number(v) : 0);
  return { id: n(env['GITHUB_RUN_ID']), attempt: n(env['GITHUB_RUN_ATTEMPT']) };
}

/** The run key on a body's second line; bodies from before run keys count as oldest. */
function keyOf(body: string | undefined): RunKey {
  const m = /^[^\n]*\n<!-- repodigest-run:([0-9]+)\.([0-9]+) -->(?:\n|$)/.exec(body ?? '');
  return m ? { id: Number(m[1]), attempt: Number(m[2]) } : { id: -1, attempt: -1 };
}

function compareKeys(a: RunKey, b: RunKey): number {
  return a.id - b.id || a.attempt - b.attempt;
}

interface ListedComment {
  id: number;
  body?: string | undefined;
  html_url: string;
  user: { login: string; type: string } | null;
}

const MAX_WRITES = 3;

export async function upsertStickyComment(
  octokit: Octokit,
  target: CommentTarget,
  marker: string,
  body: string,
  options: { login?: string } = {},
): Promise<CommentResult> {
  if (!body.startsWith(marker)) throw new Error('The comment body must start with its marker.');
  const where = { owner: target.owner, repo: target.repo };
  const mine = keyOf(body);
  let login = options.login;
  const ours = async (): Promise<ListedComment[]> => {
    const comments: ListedComment[] = await octokit.paginate(octokit.rest.issues.listComments, { ...where, issue_number: target.issueNumber, per_page: 100 });
    const marked = comments.filter((c) => (c.body ?? '').startsWith(marker) && c.user !== null);
    if (marked.length === 0) return [];
    login ??= await tokenLogin(octokit);
    return marked.filter((c) => c.user?.login === login).sort((a, b) => a.id - b.id);
  };
  try {
    const found = await ours();
    if (found.length === 0) {
      const { data } = await octokit.rest.issues.createComment({ ...where, issue_number: target.issueNumber, body });
      login ??= data.user?.login; // GitHub names the author of what we just posted: no identity call needed
      const settled = await settle(octokit, where, await ours(), { id: data.id, body, html_url: data.html_url, user: data.user });
      const status = settled.newest !== body ? 'superseded' : settled.result.id === data.id ? 'created' : 'updated';
      return { status, ...settled.result };
    }
    const [keep] = found;
    if (compareKeys(keyOf(keep!.body), mine) > 0) {
      // A newer run's digest is already there: leave it (and any duplicates, for that run to settle).
      return { status: 'superseded', id: keep!.id, url: keep!.html_url, removedDuplicates: 0 };
    }
    const removed = await deleteAll(octokit, where, found.slice(1));
    // Equal bodies carry equal run keys: only the same run posting again skips its edit.
    if (keep!.body === body) return { status: 'unchanged', id: keep!.id, url: keep!.html_url, removedDuplicates: removed };
    const written = await writeNewest(octokit, where, keep!, body);
    return { status: written ? 'updated' : 'superseded', id: keep!.id, url: keep!.html_url, removedDuplicates: removed };
  } catch (error) {
    if (statusOf(error) === 403) return { status: 'forbidden', message: (error as Error).message };
    throw error;
  }
}

/**
 * After a create: our comments as listed now (ours included), reduced to the oldest one holding the
 * newest body. Every run that raced computes the same answer from the same comments.
 */
async function settle(
  octokit: Octokit,
  where: { owner: string; repo: string },
  listed: ListedComment[],
  created: ListedComment,
): Promise<{ newest: string; result: { id: number; url: string; removedDuplicates: number } }> {
  const all = listed.some((c) => c.id === created.id) ? listed : [...listed, created].sort((a, b) => a.id - b.id);
  const keep = all[0]!;
  const newest = all.reduce((best, c) => (compareKeys(keyOf(c.body), keyOf(best.body)) > 0 ? c : best), keep);
  const removed = await deleteAll(octokit, where, all.slice(1));
  if (newest.body !== keep.body) await writeNewest(octokit, where, keep, newest.body ?? '');
  return { newest: newest.body ?? '', result: { id: keep.id, url: keep.html_url, removedDuplicates: removed } };
}

/** Writes `body` into `comment` unless a newer key is there; re-reads to undo an older run's late write. */
async function writeNewest(octokit: Octokit, where: { owner: string; repo: string }, comment: ListedComment, body: string): Promise<boolean> {
  const mine = keyOf(body);
  for (let i = 0; i < MAX_WRITES; i++) {
    await octokit.rest.issues.updateComment({ ...where, comment_id: comment.id, body });
    const { data } = await octokit.rest.issues.getComment({ ...where, comment_id: comment.id });
    const order = compareKeys(keyOf(data.body), mine);
    if (order > 0) return false; // a newer run wrote after us: its digest stays
    if (order === 0) return true;
  }
  return true;
}

async function deleteAll(octokit: Octokit, where: { owner: string; repo: string }, comments: ListedComment[]): Promise<number> {
  let removed = 0;
  for (const c of comments) {
    try {
      await octokit.rest.issues.deleteComment({ ...where, comment_id: c.id });
      removed++;
    } catch (error) {
      if (statusOf(error) !== 404) throw error; // the other run deleted it first
    }
  }
  return removed;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
