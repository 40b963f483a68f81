// The runner's ACTIONS_RUNTIME_TOKEN is a JWT whose `scp` claim names the workflow run and job the
// results service knows them by: `Actions.Results:<workflowRunBackendId>:<workflowJobRunBackendId>`,
// among other space-separated scopes. The artifact service wants both ids in every call.
// Only decoded, never verified: the service checks the token it is sent. Nothing here may print the
// token; the error names what is wrong with it instead.

export interface BackendIds {
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
}

const INVALID = 'Failed to get backend IDs: The provided JWT token is invalid and/or missing claims';

export function backendIdsFromToken(token: string): BackendIds {
  const payload = token.split('.')[1];
  if (payload === undefined) throw new Error(`${INVALID} (not a JWT: no payload part).`);
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new Error(`${INVALID} (the payload is not base64url JSON).`);
  }
  const scp = (claims as { scp?: unknown } | null)?.scp;
  if (typeof scp !== 'string') throw new Error(`${INVALID} (no 'scp' claim).`);
  for (const scope of scp.split(' ')) {
    const parts = scope.split(':');
    if (parts[0] !== 'Actions.Results') continue;
    const [, run, job] = parts;
    if (parts.length !== 3 || !run || !job) throw new Error(`${INVALID} (the Actions.Results scope is not Actions.Results:<run>:<job>).`);
    return { workflowRunBackendId: run, workflowJobRunBackendId: job };
  }
  throw new Error(`${INVALID} (no Actions.Results scope).`);
}
