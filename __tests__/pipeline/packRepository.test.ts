// The package API's pack call: partial settings over the defaults, and errors that read whole
// (message = what failed + remedy) without naming CLI flags.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RepoIndex } from '../../src/model.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { DEFAULT_PACK_SETTINGS, packRepository, withPackDefaults } from '../../src/pipeline/packRepository.js';
import { formatError, RepoDigestError } from '../../src/shared/errors.js';

let index: RepoIndex;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'repodigest-api-'));
  const sources: Record<string, string> = {
    'shop/__init__.py': '',
    'shop/pricing.py': 'def total(items):\n    """Sum of the prices."""\n    return sum(price_of(i) for i in items)\n\n\ndef price_of(item):\n    return item.price\n',
    'shop/cart.py': 'from shop.pricing import total\n\n\ndef checkout(cart):\n    return total(cart.items)\n',
  };
  for (const [rel, text] of Object.entries(sources)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  index = await indexRepository(root);
});

describe('packRepository settings', () => {
  it('lays partial settings over the defaults', () => {
    const result = packRepository(index, { entry: 'shop.pricing.total' }, { budget: 500 });
    expect(result.budget).toBe(500);
    expect(result.encoding).toBe(DEFAULT_PACK_SETTINGS.encoding);
    expect(result.totalTokens).toBeLessThanOrEqual(500);
    expect(createTokenCounter('o200k_base').count(result.content)).toBe(result.totalTokens);
    expect(result.content.startsWith('# ')).toBe(true);
    expect(result.packed.map((p) => p.id)).toEqual(['shop.pricing.total', 'shop.pricing.price_of', 'shop.cart.checkout']);
    // Only the format given: the default budget; the same document as the full settings give.
    const xml = packRepository(index, { entry: 'shop.pricing.total' }, { format: 'xml' });
    expect(xml.budget).toBe(DEFAULT_PACK_SETTINGS.budget);
    expect(xml.content).toBe(packRepository(index, { entry: 'shop.pricing.total' }, { ...DEFAULT_PACK_SETTINGS, format: 'xml' }).content);
    expect(packRepository(index, { entry: 'shop.pricing.total' }).content).toBe(
      packRepository(index, { entry: 'shop.pricing.total' }, DEFAULT_PACK_SETTINGS).content,
    );
  });

  it('keeps a default where a setting is given as undefined', () => {
    expect(withPackDefaults({ budget: undefined, encoding: 'cl100k_base' } as never)).toEqual({ ...DEFAULT_PACK_SETTINGS, encoding: 'cl100k_base' });
    expect(packRepository(index, { entry: 'shop.pricing.total' }, { budget: 900, encoding: undefined } as never).encoding).toBe('o200k_base');
  });
});

describe('errors an API caller reads', () => {
  function thrown(run: () => unknown): RepoDigestError {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(RepoDigestError);
      return error as RepoDigestError;
    }
    throw new Error('expected an error');
  }

  it('an unknown entry: the message is the whole sentence, the CLI line is the same text', () => {
    const err = thrown(() => packRepository(index, { entry: 'shopp' }, { budget: 500 }));
    expect(err.message).toBe("Unknown entry 'shopp': no symbol id or Python file by that name (did you mean 'shop'?)");
    expect(err.problem).toBe("Unknown entry 'shopp': no symbol id or Python file by that name");
    expect(err.remedy).toBe("did you mean 'shop'?");
    expect(formatError(err, false)).toBe(`error: ${err.message}`);
  });

  it('name no CLI flag: the same errors reach the API and the Action', () => {
    const errors = [
      thrown(() => packRepository(index, { query: '   ' })),
      thrown(() => packRepository(index, { query: 'zebra quantum' })),
      thrown(() => packRepository(index, { entry: 'shop.pricing.total' }, { budget: 0 })),
    ];
    expect(errors.map((e) => e.problem)).toEqual([
      'The query is empty',
      "No symbol matches the query 'zebra quantum'",
      'Invalid budget 0: expected a positive integer number of tokens',
    ]);
    for (const err of errors) {
      expect(err.message).not.toMatch(/--\w/);
      expect(err.message).toBe(`${err.problem} (${err.remedy})`);
    }
  });
});

describe('packRepository input checks (untyped API callers)', () => {
  it('a target with neither or both of entry and query, or a non-string, is one clear error', () => {
    for (const target of [{}, { entry: 'shop.pricing.total', query: 'sum of prices' }, { entry: 42 }, null]) {
      expect(() => packRepository(index, target as never), JSON.stringify(target)).toThrow(RepoDigestError);
      expect(() => packRepository(index, target as never)).toThrow('A target needs exactly one of entry or query, as a string');
    }
  });

  it('an unknown format is an error, not a silent markdown', () => {
    expect(() => packRepository(index, { entry: 'shop.pricing.total' }, { format: 'yaml' as never })).toThrow("Unknown format 'yaml'");
  });
});

describe('packRepository follows a class root to its bases', () => {
  it('packs the project base of a class entry as a callee, one hop out (inherits edges, not calls)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'repodigest-bases-'));
    mkdirSync(join(root, 'models'));
    writeFileSync(join(root, 'models', '__init__.py'), '');
    writeFileSync(join(root, 'models', 'base.py'), 'class AbstractUser:\n    """Fields every user has."""\n    email = ""\n\n    def get_username(self):\n        return self.email\n');
    writeFileSync(join(root, 'models', 'user.py'), 'from models.base import AbstractUser\n\n\nclass User(AbstractUser):\n    """The project user."""\n');
    const repo = await indexRepository(root);
    const result = packRepository(repo, { entry: 'models.user.User' }, { budget: 2000 });
    expect(result.packed.map((p) => [p.id, p.direction, p.hop])).toEqual([
      ['models.user.User', 'root', 0],
      ['models.base.AbstractUser', 'callee', 1],
    ]);
  });
});

describe('packRepository settings from untyped callers', () => {
  it('says a budget given as a string is a string, and an unknown encoding is a RepoDigestError', () => {
    expect(() => packRepository(index, { entry: 'shop.pricing.total' }, { budget: '500' as never })).toThrow("Invalid budget '500' (a string)");
    expect(() => packRepository(index, { entry: 'shop.pricing.total' }, { encoding: 'x' as never })).toThrow(RepoDigestError);
  });
});
