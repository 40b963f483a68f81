// The README's sample digest is the demo's real output (scripts/demo/readmeExamples.ts regenerates it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoDigest, README, readmeBlocks } from '../../scripts/demo/readmeExamples.js';

describe('the README sample digest', () => {
  it('is the first and last lines of the demo PR digest (npx tsx scripts/demo/readmeExamples.ts --write)', async () => {
    const { first, last } = readmeBlocks(readFileSync(README, 'utf8'), await demoDigest());
    expect(first[0]).toEqual(first[1]);
    expect(last[0]).toEqual(last[1]);
  }, 60_000);
});
