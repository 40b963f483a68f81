// Nothing reachable is lost silently (rules in src/pack/fitCandidates.ts and finalCheck.ts):
// - a root that does not fit is always named in the document's skip list, in every format;
// - every symbol the expansion reaches is packed, or counted as skipped, even after the scan stopped
//   (budget used up, or the candidate limit), so the footer's "M skipped" is the whole truth.
import { beforeAll, describe, expect, it } from 'vitest';
import { classLookups, subclassIndex } from '../../src/graph/classNeighbours.js';
import type { DigestFormat } from '../../src/pack/document.js';
import { expansionOrder } from '../../src/pack/expansion.js';
import { BudgetTooSmallError, type PackInput, type PackResult, packContext } from '../../src/pack/packer.js';
import { createTokenCounter, type TokenCounter } from '../../src/pack/tokens.js';
import { markdownRenderer } from '../../src/render/markdown.js';
import { DIGEST_FORMATS, rendererFor } from '../../src/render/renderers.js';
import { type Project, py, pythonProject } from './pythonProject.js';

let counter: TokenCounter;
let ledger: Project;

const ROOT = 'books.ledger.Ledger';

/** A method whose body is `lines` distinct statements: makes the root class large on purpose. */
function wordyMethod(name: string, lines: number, call: string): string {
  const body = Array.from({ length: lines }, (_, i) => `        entry_${i} = "${name} keeps line ${i} of the ledger in order"`);
  return [`    def ${name}(self):`, ...body, `        return ${call}(self)`, ''].join('\n');
}

beforeAll(async () => {
  counter = createTokenCounter('o200k_base');
  ledger = await pythonProject({
    'books/__init__.py': '',
    // The root: ~1,400 tokens of methods, each calling a small helper (callee hop 1 of the class).
    'books/ledger.py': [
      'from books.helpers import audit, balance, close_period, post_entry',
      '',
      'class Ledger:',
      '    """All entries of one book."""',
      '',
      wordyMethod('post', 25, 'post_entry'),
      wordyMethod('balance', 25, 'balance'),
      wordyMethod('close', 25, 'close_period'),
      wordyMethod('audit', 25, 'audit'),
    ].join('\n'),
    'books/helpers.py': py(`
      def post_entry(book):        # callee hop 1
          return check(book)

      def balance(book):           # callee hop 1
          return check(book)

      def close_period(book):      # callee hop 1
          return archive(book)

      def audit(book):             # callee hop 1
          return archive(book)

      def check(book):             # callee hop 2
          return bool(book)

      def archive(book):           # callee hop 2
          return [book]
    `),
    'books/reports.py': py(`
      from books.ledger import Ledger

      def monthly(book):           # caller hop 1 (calls Ledger.balance)
          return Ledger.balance(book)

      def yearly(book):            # caller hop 2
          return monthly(book)

      def unrelated():             # never reached
          return 0
    `),
  });
});

function run(input: Partial<PackInput> & { budget: number }): PackResult {
  return packContext({ renderer: markdownRenderer,
    roots: [ROOT],
    symbols: ledger.symbols,
    adjacency: ledger.adjacency,
    subclasses: subclassIndex(ledger.edges),
    counter,
    ...input,
  });
}

/** Every id the expansion reaches from the root, judged as the packer judges classes at a large budget. */
function reachable(): string[] {
  const all = run({ budget: 100_000 });
  expect(all.skipped.filter((s) => s.within === undefined)).toEqual([]);
  return [...all.packed.map((p) => p.id), ...all.skipped.map((s) => s.id)].sort();
}

/** Ids of the skips the rendered document names, in each format. */
function namedSkips(format: DigestFormat, content: string): string[] {
  if (format === 'json') return (JSON.parse(content) as { skipped: { id: string }[] }).skipped.map((s) => s.id);
  const pattern = format === 'xml' ? /<skip id="([^"]+)"/g : /^- `([^`]+)`/gm;
  return [...content.matchAll(pattern)].map((m) => m[1]!);
}

function expectExact(result: PackResult): void {
  expect(createTokenCounter('o200k_base').count(result.content)).toBe(result.totalTokens);
  expect(result.totalTokens).toBeLessThanOrEqual(result.budget);
}

describe('a root that does not fit', () => {
  it('is named in the skip list of every format, before neighbours take the space', () => {
    const rootTokens = counter.count(ledger.symbols.get(ROOT)!.full);
    expect(rootTokens).toBeGreaterThan(1000);
    let neighboursPackedWithoutRoot = 0;
    let tooSmall = 0;
    for (const format of DIGEST_FORMATS) {
      for (let budget = 100; budget <= rootTokens; budget += 20) {
        let result: PackResult;
        try {
          result = run({ budget, renderer: rendererFor(format) });
        } catch (error) {
          // Only when even a document without code that names the root does not fit.
          expect(error).toBeInstanceOf(BudgetTooSmallError);
          tooSmall++;
          continue;
        }
        expectExact(result);
        expect(result.packed.map((p) => p.id)).not.toContain(ROOT);
        expect(result.skipped[0]).toMatchObject({ id: ROOT });
        expect(result.skipped[0]!.reason).toMatch(/^root larger than the budget/);
        expect(namedSkips(format, result.content)).toContain(ROOT);
        if (result.packed.length > 0) neighboursPackedWithoutRoot++;
      }
    }
    // The sweep covers both cases: budgets where neighbours fill the space, and budgets too small for anything.
    expect(neighboursPackedWithoutRoot).toBeGreaterThan(20);
    expect(tooSmall).toBeGreaterThan(0);
  });

  it('a budget too small for the line naming the root is an error, not a digest that hides it', () => {
    let smallest = 1;
    while (smallest < 500 && !fits(smallest)) smallest++;
    const result = run({ budget: smallest, title: 'T' });
    expect(result.packed).toEqual([]);
    expect(namedSkips('markdown', result.content)).toEqual([ROOT]);
    // One token less: a document without code would still fit, one that names the root does not.
    expect(packContext({ renderer: markdownRenderer,  roots: [], symbols: ledger.symbols, adjacency: ledger.adjacency, counter, budget: smallest - 1, title: 'T' }).packed).toEqual([]);
    expect(() => run({ budget: smallest - 1, title: 'T' })).toThrow(/^Budget \d+ is too small: even a digest with no code that only names the skipped root books\.ledger\.Ledger needs \d+ tokens \(raise the budget/);
  });
});

function fits(budget: number): boolean {
  try {
    run({ budget, title: 'T' });
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(BudgetTooSmallError);
    return false;
  }
}

describe('many roots (a file target, a PR)', () => {
  it('names the first skipped root always; further roots lines may fold, and never fail the pack', () => {
    const roots = [ROOT, 'books.helpers.post_entry', 'books.helpers.balance', 'books.helpers.close_period', 'books.helpers.audit', 'books.reports.monthly'];
    let folded = 0;
    for (let budget = 120; budget <= 1400; budget += 20) {
      let result: PackResult;
      try {
        result = run({ budget, roots });
      } catch (error) {
        expect(error).toBeInstanceOf(BudgetTooSmallError);
        continue;
      }
      expectExact(result);
      const packed = result.packed.map((p) => p.id);
      const skippedRoots = result.skipped.map((s) => s.id).filter((id) => roots.includes(id));
      expect([...packed.filter((id) => roots.includes(id)), ...skippedRoots].sort()).toEqual([...roots].sort());
      const named = namedSkips('markdown', result.content);
      expect(named[0]).toBe(skippedRoots[0] ?? named[0]);
      if (skippedRoots.some((id) => !named.includes(id))) folded++;
      const more = /^- … and (\d+) more not listed$/m.exec(result.content);
      expect(named.length + (more ? Number(more[1]) : 0)).toBe(result.skipped.length - result.insidePacked);
    }
    expect(folded).toBeGreaterThan(0);
  });
});

describe('every reachable symbol is accounted for', () => {
  it('packed, inside a packed symbol, or skipped, at every budget and in every format', () => {
    const ids = reachable();
    expect(ids).toContain('books.reports.yearly');
    expect(ids).not.toContain('books.reports.unrelated');
    let notConsidered = 0;
    for (const format of DIGEST_FORMATS) {
      for (let budget = 1500; budget <= 2400; budget += 30) {
        const result = run({ budget, renderer: rendererFor(format) });
        expectExact(result);
        expect([...result.packed.map((p) => p.id), ...result.skipped.map((s) => s.id)].sort()).toEqual(ids);
        const lost = result.skipped.length - result.insidePacked;
        if (format === 'json') expect(JSON.parse(result.content).skippedTotal).toBe(result.skipped.length);
        else expect(result.content).toContain(`(${result.packed.length} packed, ${lost} skipped`);
        notConsidered += result.skipped.filter((s) => s.reason === 'not considered: the budget was used up').length;
      }
    }
    // Some budgets end the scan early: what it never looked at is still counted.
    expect(notConsidered).toBeGreaterThan(0);
  });

  it('counts what the candidate limit left unexamined, without measuring it', () => {
    const result = run({ budget: 100_000, maxCandidates: 2 });
    expectExact(result);
    expect([...result.packed.map((p) => p.id), ...result.skipped.map((s) => s.id)].sort()).toEqual(reachable());
    const unexamined = result.skipped.filter((s) => s.considered === false);
    // The two examined both fitted (the budget is large): every skip that lost code is an unexamined one.
    expect(result.packed.length).toBe(3);
    expect(unexamined.length).toBe(result.skipped.length - result.insidePacked);
    expect(unexamined.length).toBeGreaterThan(0);
    for (const skip of unexamined) {
      expect(skip).toMatchObject({ tokens: 0, reason: 'not considered: the limit of 2 candidates was reached' });
      // Listed without a token figure: its size was never measured.
      expect(result.content).toContain(`- \`${skip.id}\`: not considered: the limit of 2 candidates was reached\n`);
    }
    // xml and json keep their fixed fields: tokens 0, the reason says why.
    const xml = run({ budget: 100_000, maxCandidates: 2, renderer: rendererFor('xml') });
    expect(xml.content).toContain(`<skip id="${unexamined[0]!.id}" tokens="0" reason="not considered: the limit of 2 candidates was reached"/>`);
    const json = JSON.parse(run({ budget: 100_000, maxCandidates: 2, renderer: rendererFor('json') }).content) as { skipped: unknown[]; skippedTotal: number };
    expect(json.skipped).toContainEqual({ id: unexamined[0]!.id, tokens: 0, reason: 'not considered: the limit of 2 candidates was reached' });
    expect(json.skippedTotal).toBe(result.skipped.length);
  });

  it('walks the same expansion as a full scan would, and stays deterministic', () => {
    const order = [
      ...expansionOrder({
        roots: [ROOT],
        adjacency: ledger.adjacency,
        exists: (id) => ledger.symbols.has(id),
        resolution: 'all',
        classes: { ...classLookups(ledger.symbols, subclassIndex(ledger.edges)), isWhole: (id) => id === ROOT },
      }),
    ].map((c) => c.id);
    // Methods of the root are offered too (and skipped as inside it), so the walk covers every reachable id.
    expect([...order].sort()).toEqual(reachable());
    const a = run({ budget: 1700, renderer: rendererFor('json') });
    const b = run({ budget: 1700, renderer: rendererFor('json') });
    expect(b.content).toBe(a.content);
    expect(a.skipped.map((s) => s.id)).toEqual(order.filter((id) => !a.packed.some((p) => p.id === id)));
  });
});
