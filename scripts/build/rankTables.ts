// Writes the token rank tables the bundles read at start-up (src/pack/loadRanks.ts):
//   npx tsx scripts/build/rankTables.ts <out dir>
// One `<encoding>.ranks` per encoding the counter offers, built from the installed js-tiktoken's own
// rank modules by the same parser and codec the run uses, so the shipped tables cannot drift from it
// (__tests__/pack/rankFile.test.ts compares a table written here with js-tiktoken's text). Called by
// scripts/build/build.mjs; deterministic (same js-tiktoken, same bytes).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rankFileFromPackage, rankFileName } from '../../src/pack/loadRanks.js';
import { TOKEN_ENCODINGS } from '../../src/pack/tokens.js';

export function writeRankTables(outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  return TOKEN_ENCODINGS.map((encoding) => {
    const name = rankFileName(encoding);
    writeFileSync(join(outDir, name), rankFileFromPackage(encoding));
    return name;
  });
}

const outDir = process.argv[2];
if (outDir !== undefined && process.argv[1]?.endsWith('rankTables.ts')) {
  process.stdout.write(`${writeRankTables(outDir).join(', ')}\n`);
}
