import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The CLI and the Action cache extraction results under the user's cache folder by default; the suite
// gets a fresh one of its own so it neither reads a developer's cache nor leaves entries in it.
const cacheHome = mkdtempSync(join(tmpdir(), 'repodigest-test-cache-'));

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { XDG_CACHE_HOME: cacheHome },
  },
});
