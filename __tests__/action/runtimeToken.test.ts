import { describe, expect, it } from 'vitest';
import { backendIdsFromToken } from '../../src/action/runtimeToken.js';
import { fakeRuntimeToken } from '../support/fakeGitHub.js';

const jwt = (claims: unknown): string => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('backendIdsFromToken', () => {
  it("reads the run and job ids from the Actions.Results scope of the token's scp claim", () => {
    expect(backendIdsFromToken(fakeRuntimeToken('ce7f54c7-61c7', 'ca395085-040a'))).toEqual({ workflowRunBackendId: 'ce7f54c7-61c7', workflowJobRunBackendId: 'ca395085-040a' });
    expect(backendIdsFromToken(jwt({ scp: 'Actions.Results:r:j Actions.UploadArtifacts:x' }))).toEqual({ workflowRunBackendId: 'r', workflowJobRunBackendId: 'j' });
  });

  it('names what is wrong, never the token', () => {
    const secret = jwt({ scp: 'Actions.GenericRead:00000000' });
    const cases: [string, RegExp][] = [
      ['opaque-token-value', /not a JWT/],
      ['a.%%%.c', /not base64url JSON/],
      [jwt({ sub: 'x' }), /no 'scp' claim/],
      [secret, /no Actions\.Results scope/],
      [jwt({ scp: 'Actions.Results:only-run' }), /not Actions\.Results:<run>:<job>/],
      [jwt({ scp: 'Actions.Results:a:b:c' }), /not Actions\.Results:<run>:<job>/],
    ];
    for (const [token, why] of cases) {
      let message = '';
      try {
        backendIdsFromToken(token);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Failed to get backend IDs: The provided JWT token is invalid and\/or missing claims/);
      expect(message).toMatch(why);
      expect(message).not.toContain(token);
    }
  });
});
