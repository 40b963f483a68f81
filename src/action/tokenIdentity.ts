// Who the token posts as: the only author whose marker comments the sticky comment may edit.
//
// The rule, from what GitHub's API allows each kind of token:
// 1. GraphQL `viewer { login }`: answered for every kind (personal and fine-grained tokens, OAuth and
//    GitHub App user tokens, and App installation tokens, whose viewer is the app's bot, e.g.
//    `github-actions[bot]` for the default GITHUB_TOKEN, `my-app[bot]` for actions/create-github-app-token).
// 2. REST `GET /user`, when GraphQL is unavailable: answered for user tokens only (installation tokens
//    get 403 "Resource not accessible by integration").
// 3. Both refused: the default GITHUB_TOKEN is assumed, whose comments are authored by `github-actions[bot]`.
// Logins are unique and `[bot]` cannot be part of a user's login, so matching the login exactly never
// takes another app's or a person's comment for ours.
import type { Octokit } from './octokit.js';

export const DEFAULT_TOKEN_LOGIN = 'github-actions[bot]';
export const VIEWER_QUERY = 'query { viewer { login } }';

export async function tokenLogin(octokit: Octokit): Promise<string> {
  try {
    const result = await octokit.graphql<{ viewer: { login: string } }>(VIEWER_QUERY);
    if (typeof result.viewer?.login === 'string' && result.viewer.login !== '') return result.viewer.login;
  } catch (error) {
    if (!refused(error)) throw error;
  }
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (error) {
    if (!refused(error)) throw error;
  }
  return DEFAULT_TOKEN_LOGIN;
}

/** An answer that means "not for this token" (or no such endpoint), not a failure of the run. */
function refused(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401 || status === 403 || status === 404) return true;
  // GraphQL errors arrive with HTTP 200 and an `errors` array (e.g. FORBIDDEN for a restricted token).
  return (error as { name?: unknown } | null)?.name === 'GraphqlResponseError';
}
