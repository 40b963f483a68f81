// A real git repository in a temp dir, driven by the git CLI, isolated from the machine's git config.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const ISOLATED_GIT_ENV = {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

export interface TestRepo {
  dir: string;
  git(...args: string[]): string;
  write(files: Record<string, string | Buffer>): void;
  remove(...paths: string[]): void;
  /** Stage everything and commit; returns the new SHA. */
  commit(message: string): string;
  cleanup(): void;
}

const tempDirs: string[] = [];

/** A fresh temp dir, removed by removeTempDirs() (call it in afterAll). */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function openRepo(dir: string): TestRepo {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, env: { ...process.env, ...ISOLATED_GIT_ENV }, encoding: 'utf8' }).trim();
  return {
    dir,
    git,
    write(files) {
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
    },
    remove(...paths) {
      for (const p of paths) rmSync(join(dir, p));
    },
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function makeRepo(): TestRepo {
  const repo = openRepo(makeTempDir('repodigest-diff-git-'));
  repo.git('init', '-q', '-b', 'main');
  return repo;
}
