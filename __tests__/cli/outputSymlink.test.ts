// Files the CLI writes are never written through a symbolic link: a checkout's `digest.md` or
// `graph.html` that links to a file outside the tree is refused with one line, and neither the link
// nor its target changes.
import { lstatSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';
import { cli, sampleRepo } from './cliHarness.js';

afterAll(() => removeTempDirs());

function trap(name: string): { link: string; victim: string } {
  const dir = makeTempDir('repodigest-symlink-');
  const victim = join(dir, 'outside.txt');
  writeFileSync(victim, 'precious\n');
  const link = join(dir, name);
  symlinkSync(victim, link);
  return { link, victim };
}

describe('CLI output files', () => {
  it.each([
    ['pack --output', (link: string) => ['pack', sampleRepo, '--entry', 'shop/pricing.py', '--no-cache', '--output', link], '--output'],
    ['graph --html', (link: string) => ['graph', sampleRepo, '--no-cache', '--html', link], '--html'],
  ])('%s refuses a symbolic link and leaves its target alone', async (_name, args, option) => {
    const { link, victim } = trap('digest.out');
    const run = await cli(...args(link));
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(`error: Cannot write ${option} '${link}': it is a symbolic link, which is never followed (remove the link or name another file)`);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(victim);
  });

  it('still writes a plain file', async () => {
    const file = join(makeTempDir('repodigest-output-'), 'digest.md');
    const run = await cli('pack', sampleRepo, '--entry', 'shop/pricing.py', '--no-cache', '--output', file);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('# RepoDigest');
  });
});
