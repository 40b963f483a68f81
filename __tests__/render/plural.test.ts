// Counts read "1 callee" and "2 callees": the helper, and the rendered places that use it.
import { afterAll, describe, expect, it } from 'vitest';
import type { DigestDocument, DigestItem } from '../../src/pack/document.js';
import { BudgetTooSmallError } from '../../src/pack/packer.js';
import { DEFAULT_PACK_SETTINGS } from '../../src/pipeline/packRepository.js';
import { packPr } from '../../src/pr/packPr.js';
import { preparePr } from '../../src/pr/prepare.js';
import { buildCommentBody } from '../../src/render/comment.js';
import { renderMarkdown } from '../../src/render/markdown.js';
import { rendererFor } from '../../src/render/renderers.js';
import { noun, plural } from '../../src/shared/plural.js';
import { GitRepo } from '../support/gitRepo.js';
import { removeTempDirs } from '../support/testRepo.js';

afterAll(() => removeTempDirs());

describe('plural', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(1, 'callee')).toBe('1 callee');
    expect(plural(0, 'callee')).toBe('0 callees');
    expect(plural(2, 'caller')).toBe('2 callers');
    expect(plural(1, 'changed symbol')).toBe('1 changed symbol');
    expect(plural(3, 'class', 'classes')).toBe('3 classes');
    expect(plural(1, 'class', 'classes')).toBe('1 class');
    expect(plural(Number.NaN, 'file')).toBe('? files');
    expect(noun(1, 'symbol')).toBe('symbol');
    expect(noun(7, 'symbol')).toBe('symbols');
  });
});

function item(i: number): DigestItem {
  const text = [`def fn_${i}(x):`, ...Array.from({ length: 30 }, (_, k) => `    x = x * ${k} + ${i}  # step ${k}`), '    return x', ''].join('\n');
  return { id: `m.fn_${i}`, file: 'm.py', name: `fn_${i}`, kind: 'function', mode: 'full', tokens: 9, startLine: i * 40 + 1, endLine: i * 40 + 32, hop: i, direction: i === 0 ? 'root' : 'callee', text };
}

function doc(items: DigestItem[], skipped: DigestDocument['skipped'] = []): DigestDocument {
  return { title: 't', preamble: [], budget: 9999, encoding: 'o200k_base', roots: ['m.fn_0'], items, skipped, skippedTotal: skipped.length, usedTokens: 100 };
}

describe('rendered counts', () => {
  it('a skip of one token says "1 token" in markdown and in the json content', () => {
    const d = doc([item(0)], [{ id: 'm.tiny', tokens: 1, reason: 'does not fit: needs 1 token, 0 left' }]);
    expect(renderMarkdown(d)).toContain('- `m.tiny` (1 token): does not fit: needs 1 token, 0 left');
    expect(JSON.parse(rendererFor('json').render(d)).content).toContain('(1 token)');
    const two = doc([item(0)], [{ id: 'm.tiny', tokens: 2, reason: 'x' }]);
    expect(renderMarkdown(two)).toContain('(2 tokens)');
  });

  it('a trimmed comment with one symbol left out says "1 of 2 symbols ... is not shown"', () => {
    const markdown = renderMarkdown(doc([item(0), item(1)]));
    const body = buildCommentBody(markdown, { marker: '', maxLength: markdown.length - 50, fullDigestHint: 'the artifact' });
    expect(body.omittedSymbols).toBe(1);
    expect(body.body).toContain('**Trimmed:** 1 of 2 symbols of the packed context is not shown');
  });

  it('a trimmed comment of a one-symbol digest says "of 1 symbol"', () => {
    const markdown = renderMarkdown(doc([item(0)]));
    const body = buildCommentBody(markdown, { marker: '', maxLength: markdown.length - 50, fullDigestHint: 'the artifact' });
    expect(body.omittedSymbols).toBe(1);
    expect(body.body).toContain('**Trimmed:** 1 of 1 symbol of the packed context is not shown');
  });
});

describe('the PR digest summary line', () => {
  it('says "1 changed symbol" when the budget leaves room for only the summary', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', { 'app.py': 'def area(w, h):\n    return w * h\n' });
    const head = repo.commit('edit', { 'app.py': 'def area(w, h):\n    return h * w\n' });
    const prepared = await preparePr({ repoDir: repo.dir, base, head });
    // The smallest budget that gives a digest at all is the one where only the summary level fits.
    let content: string | undefined;
    for (let budget = 20; budget <= 400 && content === undefined; budget += 2) {
      try {
        content = packPr(prepared, { ...DEFAULT_PACK_SETTINGS, budget }).content;
      } catch (error) {
        if (!(error instanceof BudgetTooSmallError)) throw error;
      }
    }
    expect(content).toBeDefined();
    expect(content).toMatch(/1 changed symbol \(0 added, 1 modified, 0 removed\)/);
  });
});
