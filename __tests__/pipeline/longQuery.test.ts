// A pasted bug report as the question: thousands of words never make the digest fail or fill its
// title. The title quotes the question shortened to one line with its length; the CLI's `pack` and the
// Action's `query` input alike, at 2,000 tokens.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { produceDigest } from '../../src/action/pipelineDigest.js';
import { readSettings } from '../../src/action/settings.js';
import { runCli } from '../../src/cli/main.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { shortQuote } from '../../src/pipeline/resolveTarget.js';

const shop = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'shop');

/** A 3,000-word report: prose (a fixed cycle of words) and a traceback naming real frames. */
function bugReport(): string {
  const words = 'the cart total is wrong when a discount applies after tax and checkout then fails with an exception'.split(' ');
  const prose = Array.from({ length: 3000 }, (_, i) => words[(i * 7) % words.length]).join(' ');
  const frames = '  File "shop/checkout.py", line 12, in checkout\n    total = quote(cart)\n  File "shop/pricing.py", line 30, in quote\n    return apply_discount(total, code)\nValueError: bad discount';
  return `${prose}\n\nTraceback (most recent call last):\n${frames}\n`;
}

describe('a long question', () => {
  it('is quoted shortened, on one line, with its length', () => {
    expect(shortQuote('where   are\ndiscounts applied')).toBe('where are discounts applied');
    const quoted = shortQuote(bugReport());
    expect(quoted.length).toBeLessThan(130);
    expect(quoted).toMatch(/… \(\d{4} words\)$/);
  });

  it('never fails the CLI digest at 2,000 tokens, and the title stays short', async () => {
    let out = '';
    let err = '';
    const code = await runCli(['pack', shop, '--query', bugReport(), '--budget', '2000', '--no-cache'], { stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
    expect(code, err).toBe(0);
    expect(createTokenCounter('o200k_base').count(out)).toBeLessThanOrEqual(2000);
    const title = out.split('\n')[0]!;
    expect(title.length).toBeLessThan(220);
    expect(title).toMatch(/^# RepoDigest: query ".*… \(\d+ words\)", best match/);
    expect(out).toMatch(/### `(quote|apply_discount)`/);
  });

  it("never fails the Action's query digest at 2,000 tokens", async () => {
    const inputs: Record<string, string> = { budget: '2000', query: bugReport(), cache: 'false' };
    const settings = readSettings({ getInput: (name) => (name === 'path' ? shop : (inputs[name] ?? '')), workspace: '/unused' });
    const product = await produceDigest(settings, { kind: 'query', query: inputs.query! }, {});
    expect(product.totalTokens).toBeLessThanOrEqual(2000);
    expect(product.markdown.split('\n')[0]!.length).toBeLessThan(220);
  });
});
