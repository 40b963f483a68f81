// scripts/build/build.mjs: self-contained, deterministic bundles, and a --check that catches a stale dist/.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/bareAction.js';

// A frozen copy of the sources (node_modules linked): other work in the tree cannot change the input
// between two builds that are meant to be compared.
const frozen = mkdtempSync(join(tmpdir(), 'repodigest-frozen-'));
for (const part of ['src', 'scripts', 'package.json', 'tsconfig.json']) cpSync(join(repoRoot, part), join(frozen, part), { recursive: true });
symlinkSync(join(repoRoot, 'node_modules'), join(frozen, 'node_modules'));

const build = (...args: string[]) =>
  spawnSync(process.execPath, [join(frozen, 'scripts/build/build.mjs'), ...args], { cwd: frozen, encoding: 'utf8' });

/** The first differing line of two files, for a readable failure. */
function firstDifference(x: string, y: string): string | undefined {
  const [p, q] = [readFileSync(x, 'latin1').split('\n'), readFileSync(y, 'latin1').split('\n')];
  for (let i = 0; i < Math.max(p.length, q.length); i++) {
    if (p[i] !== q[i]) return `line ${i + 1}: ${JSON.stringify(p[i]?.slice(0, 200))} vs ${JSON.stringify(q[i]?.slice(0, 200))}`;
  }
  return undefined;
}

describe('scripts/build/build.mjs', () => {
  const a = mkdtempSync(join(tmpdir(), 'repodigest-build-a-'));
  const b = mkdtempSync(join(tmpdir(), 'repodigest-build-b-'));

  it('builds the same bytes twice, with the wasm files and an ESM package marker, and no local paths', () => {
    expect(build('--out', a, '--entries', 'index').status).toBe(0);
    expect(build('--out', b, '--entries', 'index').status).toBe(0);
    expect(readdirSync(a).sort()).toEqual(['cl100k_base.ranks', 'index.js', 'o200k_base.ranks', 'package.json', 'tree-sitter-python.wasm', 'tree-sitter.wasm']);
    for (const f of readdirSync(a)) expect(firstDifference(join(a, f), join(b, f)), f).toBeUndefined();
    const bundle = readFileSync(join(a, 'index.js'), 'utf8');
    expect(bundle.startsWith("import { createRequire as __repodigestCreateRequire } from 'node:module';")).toBe(true);
    expect(bundle).not.toContain(repoRoot);
    expect(bundle).not.toContain(frozen);
    expect(bundle).not.toContain(`${tmpdir()}/`);
    // Self-contained: no import of a package, only node: built-ins.
    // Static imports, and dynamic ones (not JSDoc type references like `{import("x").Type}`).
    const imports = [...bundle.matchAll(/^import .* from ['"]([^'"]+)['"];?$|(?<![{\w.])import\(\s*['"]([^'"]+)['"]\s*\)(?!\.\w)/gm)].map(
      (m) => (m[1] ?? m[2])!,
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((s) => !s.startsWith('node:') && !builtinModules.includes(s))).toEqual([]);
    // The token rank tables are files beside the bundle (src/pack/loadRanks.ts), not js-tiktoken's rank text inside it.
    expect(bundle).not.toMatch(/"bpe_ranks"\s*:/);
    // Of our package.json only the fields the code reads (src/shared/packageInfo.ts): a script's text is
    // not in the bundle, so editing one leaves dist/ as it is.
    const ours = JSON.parse(readFileSync(join(frozen, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
    expect(bundle).toContain(`version: ${JSON.stringify(ours.version)}`);
    for (const script of Object.values(ours.scripts)) expect(bundle).not.toContain(JSON.stringify(script));
    // ASCII only, so V8 holds the bundle's source (kept while it runs) at one byte per character, not two.
    expect(bundle.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
    expect(JSON.parse(readFileSync(join(a, 'package.json'), 'utf8'))).toEqual({ type: 'module' });
    expect(readFileSync(join(a, 'tree-sitter-python.wasm')).equals(readFileSync(join(repoRoot, 'node_modules/tree-sitter-python/tree-sitter-python.wasm')))).toBe(true);
  });

  it('--check passes on a current build and lists the files that differ', () => {
    const ok = build('--check', '--out', a, '--entries', 'index');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('dist/ is current.');
    appendFileSync(join(a, 'index.js'), '\n// stale\n');
    const stale = build('--check', '--out', a, '--entries', 'index');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/differ from a fresh build/);
    expect(stale.stderr).toMatch(/index\.js/);
    expect(stale.stderr).not.toMatch(/wasm/);
  });

  it('the committed dist/ is a fresh build of the sources (run `npm run build` after changing src/)', () => {
    const check = spawnSync(process.execPath, [join(repoRoot, 'scripts/build/build.mjs'), '--check'], { cwd: repoRoot, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('runs the bundle with no node_modules in reach', () => {
    // Loading the action with no inputs and no event fails cleanly through core.setFailed, not a module error.
    const out = spawnSync(process.execPath, [join(a, 'index.js')], { cwd: tmpdir(), encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
    expect(out.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (module|package)/);
    expect(out.stdout).toMatch(/::error::Nothing to digest/);
    expect(out.status).toBe(1);
  });
});


