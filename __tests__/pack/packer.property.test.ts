// Property: for random programs, sizes, budgets and formats, the rendered document never exceeds the
// budget, its footer states its exact token count, and the same input gives byte-identical output.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import type { PySymbol } from '../../src/model.js';
import { packContext } from '../../src/pack/packer.js';
import { createTokenCounter, type TokenCounter } from '../../src/pack/tokens.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';
import { rendererFor } from '../../src/render/renderers.js';
import { RepoDigestError } from '../../src/shared/errors.js';

let parser: PythonParser;
let counter: TokenCounter;

beforeAll(async () => {
  parser = await loadPythonParser();
  counter = createTokenCounter('o200k_base');
});

const fnSpec = fc.record({
  lines: fc.nat({ max: 60 }),
  calls: fc.array(fc.nat({ max: 11 }), { maxLength: 4 }),
  backticks: fc.boolean(),
  inClass: fc.boolean(),
});

/** Real Python: functions f0..fN (some as methods of a class), bodies of random size, calls by name. */
function program(specs: { lines: number; calls: number[]; backticks: boolean; inClass: boolean }[]): string {
  const out: string[] = [];
  specs.forEach((spec, i) => {
    const indent = spec.inClass ? '    ' : '';
    if (spec.inClass) out.push(`class K${i}:`);
    out.push(`${indent}def f${i}(x):`);
    if (spec.backticks) out.push(`${indent}    """Example: \`\`\`\`py ]]> <b>@user</b>"""`);
    for (let l = 0; l < spec.lines; l++) out.push(`${indent}    v${l} = "word ${i} ${l} ${'abc '.repeat(l % 7)}"`);
    for (const c of spec.calls) if (c < specs.length) out.push(`${indent}    f${c}(x)`);
    out.push(`${indent}    return x`, '');
  });
  return out.join('\n');
}

describe('packContext property', () => {
  it('never exceeds the budget, states its exact size, and is deterministic', () => {
    let cheapSkips = 0;
    fc.assert(
      fc.property(
        fc.array(fnSpec, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 20, max: 2500 }),
        fc.constantFrom('markdown', 'xml', 'json' as const),
        fc.boolean(),
        fc.array(fc.nat({ max: 11 }), { minLength: 1, maxLength: 3 }),
        (specs, budget, format, signaturesOnly, rootPicks) => {
          const file = extractFile(parser, 'gen/prog.py', program(specs));
          const symbols = new Map<string, PySymbol>(file.symbols.map((s) => [s.id, s]));
          const functions = file.symbols.filter((s) => s.kind !== 'module' && s.kind !== 'class').map((s) => s.id);
          const roots = rootPicks.map((r) => functions[r % functions.length]!);
          const edges = buildCallGraph([file]);
          const pack = (c: TokenCounter, reverse: boolean) =>
            packContext({
              roots,
              symbols: reverse ? new Map([...symbols].reverse()) : symbols,
              adjacency: buildAdjacency(reverse ? [...edges].reverse() : edges),
              budget,
              counter: c,
              renderer: rendererFor(format),
              signaturesOnly,
            });
          let result;
          try {
            result = pack(counter, false);
          } catch (err) {
            // Only a budget below the empty document may refuse, and it says what it needs.
            expect(err).toBeInstanceOf(RepoDigestError);
            const needed = Number(/needs (\d+) tokens/.exec((err as Error).message)?.[1]);
            expect(needed).toBeGreaterThan(budget);
            return;
          }
          const size = createTokenCounter('o200k_base').count(result.content);
          expect(size).toBeLessThanOrEqual(budget);
          expect(result.totalTokens).toBe(size);
          expect(result.content).toContain(`Token usage: ${size} / ${budget} (`);
          expect(new Set(result.packed.map((p) => p.id)).size).toBe(result.packed.length);
          expect(pack(createTokenCounter('o200k_base'), true).content).toBe(result.content);

          // Cheap skips (a lower bound instead of an exact count) are sound: every bound is at
          // most the exact count and more than what was left, and the same candidates are packed and
          // skipped, in the same order, as with the bound switched off.
          for (const skip of result.skipped) {
            const m = /^does not fit: needs more than the (\d+) tokens? left$/.exec(skip.reason);
            if (!m) continue;
            cheapSkips++;
            const symbol = symbols.get(skip.id)!;
            const exact = counter.count(signaturesOnly && !roots.includes(skip.id) ? symbol.signature : symbol.full);
            expect(skip.atLeast).toBe(true);
            expect(skip.tokens).toBeLessThanOrEqual(exact);
            expect(skip.tokens).toBeGreaterThan(Number(m[1]));
          }
          const exactOnly = pack({ encoding: counter.encoding, count: (t) => counter.count(t), atLeast: () => 0 }, false);
          const dropped = (r: typeof result) => r.skipped.some((k) => k.reason.startsWith('dropped'));
          if (!dropped(result) && !dropped(exactOnly)) {
            expect(result.packed).toEqual(exactOnly.packed);
            expect(result.skipped.map((k) => k.id)).toEqual(exactOnly.skipped.map((k) => k.id));
          }
        },
      ),
      { numRuns: 120, seed: 20261130 },
    );
    // The runs must reach the lower-bound skip, or its checks above prove nothing.
    expect(cheapSkips).toBeGreaterThan(0);
  });
});
