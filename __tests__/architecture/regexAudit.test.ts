// Every regular expression in src/ is checked by a ReDoS analyser (recheck: automaton analysis, then
// seeded fuzzing where the automaton gives up): analysed code, file names, PR titles and digests are
// hostile text, and one super-linear expression lets a single file stall a run. An expression may
// only be super-linear when it never sees such text; those are listed below with the reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/** file -> source of an expression that never sees analysed or PR text, with why. */
const TRUSTED_INPUT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'action/octokit.ts': { '\\{([^}]+)\\}': "expands the Action's own REST route templates" },
  'action/publish.ts': { '\\/+$': 'trims GITHUB_SERVER_URL, set by the runner' },
};

interface Found {
  file: string;
  line: number;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith('.ts') ? [path] : [];
    });
}

function regexLiterals(): Found[] {
  const found: Found[] = [];
  for (const path of sourceFiles(src)) {
    const file = relative(src, path);
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const slash = text.lastIndexOf('/');
        // d (indices), g and y change what is reported or where a search starts, not how a match is tried.
        const flags = text.slice(slash + 1).replace(/[dgy]/g, '');
        found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, source: text.slice(1, slash), flags });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe('regular expressions in src/', () => {
  const literals = regexLiterals();

  it('are found (the audit is not empty)', () => {
    expect(literals.length).toBeGreaterThan(150);
  });

  it('are linear on any input, unless they only see trusted text', () => {
    const findings: string[] = [];
    for (const r of literals) {
      if (TRUSTED_INPUT[r.file]?.[r.source] !== undefined) continue;
      // The fuzzer's per-attempt time limits (default 250 ms and 1 s) decide "vulnerable" by the clock: on
      // a loaded machine a linear expression missed them. Raised so the seeded step counts decide.
      const result = checkSync(r.source, r.flags, { timeout: 60_000, randomSeed: 1, incubationTimeout: 20_000, attackTimeout: 20_000, recallTimeout: 20_000 });
      if (result.status === 'safe') continue;
      const why = result.status === 'vulnerable' ? result.complexity.summary : `not decided (${result.error.kind})`;
      findings.push(`${r.file}:${r.line} /${r.source}/${r.flags}: ${why}`);
    }
    expect(findings).toEqual([]);
  }, 600_000);

  it('lists only trusted expressions that still exist', () => {
    const present = new Set(literals.map((r) => `${r.file} ${r.source}`));
    const listed = Object.entries(TRUSTED_INPUT).flatMap(([file, sources]) => Object.keys(sources).map((s) => `${file} ${s}`));
    expect(listed.filter((l) => !present.has(l))).toEqual([]);
  });
});
