// The package root as a consumer gets it: dist/api.js from a bare copy of dist/ (no node_modules),
// and its type declarations compiled by a strict TypeScript consumer.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot, sampleRepo } from './cliHarness.js';

test('dist/api.js indexes and packs from a bare copy of dist/', () => {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-api-'));
  cpSync(join(repoRoot, 'dist'), join(dir, 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'use.mjs'),
    `import { indexRepository, packRepository, DEFAULT_PACK_SETTINGS } from './dist/api.js';
const index = await indexRepository(process.argv[2]);
const result = packRepository(index, { entry: 'shop.pricing.quote' }, { ...DEFAULT_PACK_SETTINGS, budget: 900 });
console.log(JSON.stringify({ roots: result.roots, fits: result.totalTokens <= 900, files: index.files.length }));
`,
  );
  const out = execFileSync(process.execPath, ['use.mjs', sampleRepo], { cwd: dir, encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual({ roots: ['shop.pricing.quote'], fits: true, files: 10 });
});

test('the declarations type-check a strict consumer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-types-'));
  writeFileSync(
    join(dir, 'consumer.ts'),
    `import { indexRepository, packRepository, type PackResult, type RepoIndex } from '${join(repoRoot, 'dist', 'types', 'index.js')}';
export async function run(path: string): Promise<PackResult> {
  const index: RepoIndex = await indexRepository(path);
  return packRepository(index, { query: 'discount' });
}
`,
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, skipLibCheck: true, types: [] }, files: ['consumer.ts'] }),
  );
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
});
