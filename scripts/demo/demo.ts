// `npm run demo`: the main job on the shipped sample. Builds a throwaway git repository from
// examples/shop (base commit) plus examples/shop-pr.patch (head commit) (scripts/demo/demoRepository.ts),
// then runs the bundled CLI's `repodigest pr` on it, exactly as a user would. Extra arguments go to the
// CLI (e.g. --format json).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TITLE, makeDemoRepository, repoRoot } from './demoRepository.js';

const work = mkdtempSync(join(tmpdir(), 'repodigest-demo-'));
try {
  makeDemoRepository(work);
  const cli = join(repoRoot, 'dist', 'cli.js');
  const args = ['pr', work, '--base', 'HEAD~1', '--head', 'HEAD', '--budget', '3000', '--title', DEMO_TITLE, ...process.argv.slice(2)];
  const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
