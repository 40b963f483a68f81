// The committed part of GitHub's OpenAPI description (what the stand-in serves) is exactly what
// scripts/build/trimOpenapi.ts cuts from the pinned @octokit/openapi package. The package is not a
// dependency (385 MB unpacked): the test fetches its tarball from the npm registry into
// node_modules/.cache, and is skipped, saying why, when the registry cannot be reached.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRIMMED_PATH, trimmedText } from '../../scripts/build/trimOpenapi.js';

const PACKAGE = '@octokit/openapi@23.0.2';
const cache = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', '.cache', 'repodigest', 'openapi');

/** The full description of api.github.com from the pinned package, or why it could not be had. */
function fullDescription(): { text: string } | { skip: string } {
  const file = join(cache, 'package', 'generated', 'api.github.com.json');
  if (!existsSync(file)) {
    mkdirSync(cache, { recursive: true });
    try {
      const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: cache, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 }).trim().split('\n').pop()!;
      execFileSync('tar', ['-xzf', tarball, 'package/generated/api.github.com.json'], { cwd: cache });
    } catch (error) {
      return { skip: `npm pack ${PACKAGE} failed (offline?): ${String((error as Error).message).split('\n')[0]}` };
    }
  }
  return { text: readFileSync(file, 'utf8') };
}

describe('the trimmed OpenAPI description', () => {
  const full = fullDescription();
  it.skipIf('skip' in full)(`equals the trim of ${PACKAGE}${'skip' in full ? ` (skipped: ${full.skip})` : ''}`, () => {
    if (!('text' in full)) return;
    expect(readFileSync(TRIMMED_PATH, 'utf8')).toBe(trimmedText(JSON.parse(full.text) as Record<string, unknown>));
  }, 300_000);
});
