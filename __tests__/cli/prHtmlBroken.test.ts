// `pr --html` from the CLI marks the sites that still use what the change removes, as the Action's
// viewer does: the sample PR removes `shop.util.money.legacy_round` while `shop.pricing` still
// imports it and `quote_v1` still calls it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ViewerPayload } from '../../src/viewer/payloadTypes.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';
import { cli, samplePrRepository } from './cliHarness.js';

afterAll(() => removeTempDirs());

function payloadOf(html: string): ViewerPayload {
  const match = /<script type="application\/gzip" id="repodigest-data">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no payload in the page');
  return JSON.parse(gunzipSync(Buffer.from(match[1]!, 'base64')).toString('utf8')) as ViewerPayload;
}

describe('pr --html', () => {
  it('marks the likely-broken sites of a removed symbol', async () => {
    const file = join(makeTempDir('repodigest-pr-html-'), 'pr.html');
    const run = await cli('pr', samplePrRepository(), '--base', 'HEAD~1', '--html', file, '--no-cache');
    expect(run.code, run.stderr).toBe(0);
    const payload = payloadOf(readFileSync(file, 'utf8'));
    expect(payload.pr?.brokenWhy).toEqual([
      'imports shop.util.money.legacy_round, which this change removes',
      'calls shop.util.money.legacy_round, which this change removes',
    ]);
    const ids: string[] = [];
    payload.symbols.name.forEach((name, i) => {
      const parent = payload.symbols.parent[i]!;
      ids.push(parent < 0 ? name : `${ids[parent]}.${name}`);
    });
    const ends = payload.pr!.broken.filter((_, i) => i % 3 !== 2).map((n) => ids[n]);
    expect(ends).toEqual(['shop.pricing', 'shop.util.money.legacy_round', 'shop.pricing.quote_v1', 'shop.util.money.legacy_round']);
  });
});
