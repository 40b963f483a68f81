// A symbol the PR removed is packed from base (so its still-existing callers are found) and its
// heading says so in every format: markdown "(removed; code as in base)", xml status="removed",
// json `status: "removed"` (an optional key; nothing else in the entry changes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestFormat } from '../../src/pack/document.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { DEFAULT_PACK_SETTINGS } from '../../src/pipeline/packRepository.js';
import { packPr } from '../../src/pr/packPr.js';
import { type PreparedPr, preparePr } from '../../src/pr/prepare.js';
import { REMOVED_NOTE } from '../../src/render/markdown.js';
import { GitRepo } from '../support/gitRepo.js';
import { removeTempDirs } from '../support/testRepo.js';

let prepared: PreparedPr;
let base: string;
let head: string;

beforeAll(async () => {
  const repo = new GitRepo();
  base = repo.commit('base', {
    'calc/__init__.py': '',
    'calc/money.py': [
      'def legacy_round(cents):',
      '    """Old rounding, still called by report()."""',
      '    return int(cents + 0.5)',
      '',
      'def modern_round(cents):',
      '    return round(cents)',
      '',
    ].join('\n'),
    'calc/report.py': ['from calc.money import legacy_round', '', 'def report(total):', '    return legacy_round(total)', ''].join('\n'),
  });
  head = repo.commit('remove legacy_round, touch modern_round', {
    'calc/money.py': ['def modern_round(cents):', '    return round(cents + 0)', ''].join('\n'),
  });
  prepared = await preparePr({ repoDir: repo.dir, base, head });
});

afterAll(() => removeTempDirs());

function pack(format: DigestFormat) {
  return packPr(prepared, { ...DEFAULT_PACK_SETTINGS, format, budget: 3000 });
}

describe('a removed symbol in a PR digest', () => {
  it('is a root shown from base, and its markdown heading says it was removed', () => {
    expect(prepared.changed.find((c) => c.id === 'calc.money.legacy_round')?.change).toBe('removed');
    const result = pack('markdown');
    expect(result.packed.find((p) => p.id === 'calc.money.legacy_round')).toMatchObject({ direction: 'root', status: 'removed' });
    expect(result.content).toContain('def legacy_round(cents):');
    expect(result.content).toContain(`### \`legacy_round\` (function, full) — lines 1-3 ${REMOVED_NOTE}\n`);
    expect(REMOVED_NOTE).toBe('(removed; code as in base)');
    // Live symbols carry no removed mark: the modified one (its change said, shown as a diff with the
    // deleted line) and its still-existing caller (a neighbour: no change mark).
    expect(result.content).toMatch(/### `modern_round` \(function, full\) — lines 1-2 · modified\n\n```diff\n def modern_round\(cents\):\n- {4}return round\(cents\)\n\+ {4}return round\(cents \+ 0\)\n```/);
    expect(result.content).toMatch(/### `report` \(function, full\) — lines 3-4\n/);
    expect(result.content.split(REMOVED_NOTE).length).toBe(2);
    expect(createTokenCounter('o200k_base').count(result.content)).toBe(result.totalTokens);
  });

  it('carries status="removed" in xml and status: "removed" in json, only on the removed symbol', () => {
    const xml = pack('xml').content;
    expect(xml).toMatch(/<symbol id="calc\.money\.legacy_round" [^>]* status="removed"[^>]*>/);
    expect(xml.match(/status="removed"/g)).toHaveLength(1);

    const json = pack('json');
    const body = JSON.parse(json.content);
    const removed = body.packed.find((p: { id: string }) => p.id === 'calc.money.legacy_round');
    expect(removed.status).toBe('removed');
    for (const p of body.packed) if (p.id !== 'calc.money.legacy_round') expect(p).not.toHaveProperty('status');
    // Existing keys stay as they were, in order; the new ones come last.
    expect(Object.keys(removed)).toEqual(['id', 'file', 'name', 'kind', 'mode', 'tokens', 'startLine', 'endLine', 'hop', 'direction', 'status', 'change', 'code']);
    expect(body.content).toContain(REMOVED_NOTE);
    // The budget bounds the document, `content`, which is the markdown digest (issue 8).
    expect(body.content).toBe(pack('markdown').content);
    expect(createTokenCounter('o200k_base').count(body.content)).toBe(json.totalTokens);
  });
});
