// The rank tables a run reads (the file the build ships beside the bundles, the copy kept for source
// runs) must be js-tiktoken's vocabulary exactly: every token of its rank text, decoded here with
// Node's own base64 and not our decoder, has its rank in the table; the table holds no other token;
// the pattern is js-tiktoken's. Damaged, truncated or stale files are refused and never used.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRankTables } from '../../scripts/build/rankTables.js';
import { type RankData, type RankTable, rankTableOf } from '../../src/pack/bpeRanks.js';
import { defaultRankLoadDeps, loadRankTable, type RankLoadDeps, rankFileName } from '../../src/pack/loadRanks.js';
import { decodeRankFile } from '../../src/pack/rankFile.js';
import { TOKEN_ENCODINGS } from '../../src/pack/tokens.js';

const require = createRequire(import.meta.url);
const temp = mkdtempSync(join(tmpdir(), 'repodigest-ranks-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** js-tiktoken's tokens as base64 -> rank, read from its text the way its constructor reads it (a later duplicate wins). */
function referenceRanks(data: RankData): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of data.bpe_ranks.split('\n')) {
    const [, first, ...tokens] = line.split(' ');
    if (first === undefined) continue;
    tokens.forEach((token, i) => {
      if (token !== '') ranks.set(token, Number(first) + i);
    });
  }
  return ranks;
}

/** Every reference token has its rank in `table`; returns how many were checked. */
function disagreements(table: RankTable, reference: Map<string, number>): string[] {
  const wrong: string[] = [];
  for (const [token, rank] of reference) {
    const bytes = new Uint8Array(Buffer.from(token, 'base64'));
    const found = table.rank(bytes, 0, bytes.length);
    if (found !== rank) wrong.push(`${token}: ${found} instead of ${rank}`);
  }
  return wrong;
}

const shipped = join(temp, 'dist');
writeRankTables(shipped);

describe.each(TOKEN_ENCODINGS)('the %s rank table', (encoding) => {
  const data = require(`js-tiktoken/ranks/${encoding}`) as RankData;
  const reference = referenceRanks(data);

  it('shipped beside the bundles holds exactly js-tiktoken\'s tokens, ranks and pattern', () => {
    const decoded = decodeRankFile(readFileSync(join(shipped, rankFileName(encoding))), { encoding, verifyChecksum: true });
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.meta.patStr).toBe(data.pat_str);
    // No token beyond the reference's (distinct byte strings: js-tiktoken's lists have no duplicates).
    expect(decoded.arrays.starts.length - 1).toBe(reference.size);
    expect(disagreements(rankTableOf(decoded.arrays), reference)).toEqual([]);
    // A byte string that is not a token has no rank.
    expect(reference.has(Buffer.from('\u00ff\u00fe\u00fdzz', 'latin1').toString('base64'))).toBe(false);
    expect(rankTableOf(decoded.arrays).rank(new Uint8Array([0xff, 0xfe, 0xfd, 0x7a, 0x7a]), 0, 5)).toBe(-1);
  });

  it('is what a run loads, from the file when one lies beside the module and from source otherwise', () => {
    const fromFile = loadRankTable(encoding, { ...defaultRankLoadDeps, here: shipped });
    expect(fromFile.from).toBe('bundle');
    expect(fromFile.patStr).toBe(data.pat_str);
    const fromSource = loadRankTable(encoding);
    expect(fromSource.from).not.toBe('bundle');
    expect(disagreements(fromSource.table, reference)).toEqual([]);
  });
});

describe('rank files that cannot be trusted', () => {
  const encoding = 'o200k_base';
  const good = readFileSync(join(shipped, rankFileName(encoding)));

  it('refuses a truncated, foreign, stale, flipped or unrelated file with its reason', () => {
    expect(decodeRankFile(good.subarray(0, good.length - 10), { encoding })).toMatchObject({ ok: false, reason: expect.stringMatching(/^body is/) });
    expect(decodeRankFile(good, { encoding: 'cl100k_base' })).toMatchObject({ ok: false, reason: 'holds o200k_base, expected cl100k_base' });
    expect(decodeRankFile(good, { encoding, source: 'another' })).toMatchObject({ ok: false, reason: 'built from another version of js-tiktoken' });
    expect(decodeRankFile(Buffer.from('not a table at all'), { encoding })).toMatchObject({ ok: false, reason: 'not a rank table file' });
    const flipped = Buffer.from(good);
    flipped[flipped.length - 1000] = flipped[flipped.length - 1000]! ^ 1;
    expect(decodeRankFile(flipped, { encoding, verifyChecksum: true })).toMatchObject({ ok: false, reason: 'checksum mismatch' });
  });

  it('without js-tiktoken, a missing or damaged file beside the bundle is one clear error', () => {
    const bare = join(temp, 'bare');
    mkdirSync(bare);
    const noPackage: RankLoadDeps = { ...defaultRankLoadDeps, here: bare, resolveRankModule: () => undefined };
    expect(() => loadRankTable(encoding, noPackage)).toThrow(`Cannot load the o200k_base token table: no o200k_base.ranks beside ${bare}, and js-tiktoken is not installed`);
    writeFileSync(join(bare, rankFileName(encoding)), good.subarray(0, 1000));
    expect(() => loadRankTable(encoding, noPackage)).toThrow(/o200k_base\.ranks is unusable \(body is \d+ bytes, expected \d+\)/);
  });

  it('keeps a checked copy for source runs, named by the rank module it came from, and rebuilds a damaged one', () => {
    // A js-tiktoken of its own under a temp node_modules, so the copy lands in that node_modules/.cache.
    const moduleDir = join(temp, 'project', 'node_modules', 'js-tiktoken', 'dist', 'ranks');
    mkdirSync(moduleDir, { recursive: true });
    const modulePath = join(moduleDir, `${encoding}.cjs`);
    copyFileSync(require.resolve(`js-tiktoken/ranks/${encoding}`), modulePath);
    const deps: RankLoadDeps = { ...defaultRankLoadDeps, here: join(temp, 'src'), resolveRankModule: () => modulePath };
    const cacheDir = join(temp, 'project', 'node_modules', '.cache', 'repodigest');

    expect(loadRankTable(encoding, deps).from).toBe('text');
    const [copy] = readdirSync(cacheDir);
    expect(copy).toMatch(/^o200k_base-[0-9a-f]{16}\.ranks$/);
    expect(loadRankTable(encoding, deps).from).toBe('cache');

    const damaged = readFileSync(join(cacheDir, copy!));
    damaged[damaged.length - 5] = damaged[damaged.length - 5]! ^ 0x40;
    writeFileSync(join(cacheDir, copy!), damaged);
    const reloaded = loadRankTable(encoding, deps);
    expect(reloaded.from).toBe('text');
    expect(readFileSync(join(cacheDir, copy!)).equals(good)).toBe(true);

    // Another js-tiktoken (other bytes) never reads the old copy: its own name, built from its text.
    writeFileSync(modulePath, `${readFileSync(modulePath, 'utf8')}\n// another release\n`);
    expect(loadRankTable(encoding, deps).from).toBe('text');
    expect(readdirSync(cacheDir).sort()).toHaveLength(2);
  });
});
