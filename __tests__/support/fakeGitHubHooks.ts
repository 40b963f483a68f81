// The hooks every test file that runs the bundled action against the stand-in shares: after each test,
// every request the bundle made was one GitHub would accept, answered as GitHub would (no OpenAPI
// violations); after the file, the stand-in closes.
import { afterAll, afterEach, expect } from 'vitest';
import type { FakeGitHub } from './fakeGitHub.js';

/** Registers both hooks for the stand-in `current()` returns (set in the file's beforeAll). */
export function checkRequestsAndClose(current: () => FakeGitHub | undefined): void {
  afterEach(() => {
    expect(current()?.violations.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await current()?.close();
  });
}
