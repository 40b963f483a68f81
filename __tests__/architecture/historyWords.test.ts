// The product speaks of itself, never of how it was made: src/, docs/, the README, action.yml and the
// CLI's --help carry no session numbers, issue numbers, work-track tags, names of who added a line,
// machine load, dates or clock times, and src/ names no public repository's commit as an example.
// History lives in git; current figures live in docs/ beside the command that reproduces them.
// A line that brings such words back fails here with its file, line and the words matched.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Pattern {
  name: string;
  regex: RegExp;
}

const ORDINALS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth';

/** `[review]`, `[diff semantics]`, `[review, helper H]`: lowercase words, then optionally more after commas. */
const TAG = '\\[[a-z][a-z -]{2,}(?:,[ \\t]*[A-Za-z][A-Za-z -]*)*\\]';

/** Words of the making, wherever the product's text is. */
const EVERYWHERE: readonly Pattern[] = [
  { name: 'session', regex: new RegExp(`\\b(?:${ORDINALS}|this|last|previous|next|earlier)\\s+session(?:'s|s)?\\b`, 'gi') },
  { name: 'issue number', regex: /\bissue\s*#?\d+/gi },
  { name: 'the lead', regex: /\bthe lead(?![-\w])/gi },
  // Case-sensitive: a capital letter names a helper; `helper a` is a sentence about some helper.
  { name: 'helper', regex: /\b[Hh]elper [A-Z]\b|\b[Hh]elper['’]s\b/g },
  // `at load` only where a figure follows (or the line ends before it): "built once at load" is fine.
  { name: 'machine load', regex: /\bload average\b|\bload (?:of )?~?\d+(?:\.\d+)?\b|\bat load(?=\s*$|\s+(?:of\b|~|\d))/gi },
  // A bracketed lowercase label that opens a comment, or a line of prose: `// [review]`, `/** [cache] ...`,
  // `[diff semantics, helper B]`. Not a markdown link (`[text](url)`, `[text]: url`), an array literal
  // or a destructuring (`[a, b] = ...`).
  {
    name: 'work-track tag',
    regex: new RegExp(`(?:\\/\\/|\\/\\*+|^[ \\t]*\\*|^[ \\t]*#)[ \\t]*${TAG}(?![(:[])|^[ \\t]*${TAG}(?=[ \\t]+[A-Za-z\`]|[ \\t]*$)`, 'gm'),
  },
  { name: 'date', regex: /\b20\d\d-[01]\d-[0-3]\d\b/g },
  { name: 'clock time', regex: /\b\d{1,2}:\d\d(?::\d\d)?\s*UTC\b/gi },
];

/** A public corpus repository named with a commit id: an example tied to one moment of that repository. */
const CORPUS_COMMIT: Pattern = {
  name: 'corpus commit',
  regex: /\b(?:flask|django|httpx|rich|click|pytest|sympy|requests|sphinx|werkzeug|jinja2?|starlette|pydantic)\s+(?=[0-9a-f]*\d)[0-9a-f]{7,12}\b/gi,
};

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** Text files only: images and other binaries (a NUL byte in the first 8 KiB) have no words to check. */
function textOf(path: string): string | undefined {
  const bytes = readFileSync(path);
  return bytes.subarray(0, 8192).includes(0) ? undefined : bytes.toString('utf8');
}

interface Hit {
  where: string;
  pattern: string;
  text: string;
}

function hitsIn(where: string, text: string, patterns: readonly Pattern[]): Hit[] {
  const hits: Hit[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { name, regex } of patterns) {
      for (const m of line.matchAll(regex)) hits.push({ where: `${where}:${i + 1}`, pattern: name, text: m[0].trim() });
    }
  });
  return hits;
}

function fileHits(path: string, patterns: readonly Pattern[]): Hit[] {
  const text = textOf(path);
  return text === undefined ? [] : hitsIn(relative(root, path), text, patterns);
}

/** The help text of the program and of every subcommand, as `repodigest [cmd] --help` prints it. */
function helpTexts(): { name: string; text: string }[] {
  const program = buildProgram();
  const all: { name: string; text: string }[] = [];
  const visit = (command: Command, name: string) => {
    all.push({ name, text: command.helpInformation() });
    for (const sub of command.commands) visit(sub, `${name} ${sub.name()}`);
  };
  visit(program, program.name());
  return all;
}

const format = (hits: readonly Hit[]) => hits.map((h) => `${h.where}: ${h.pattern}: ${h.text}`).join('\n');


describe('no history in the product', () => {
  it('src/: comments and strings', () => {
    const files = filesUnder(join(root, 'src'));
    expect(format(files.flatMap((path) => fileHits(path, [...EVERYWHERE, CORPUS_COMMIT])))).toBe('');
  });

  it('docs/, README.md and action.yml', () => {
    const files = [...filesUnder(join(root, 'docs')), join(root, 'README.md'), join(root, 'action.yml')].filter(existsSync);
    expect(format(files.flatMap((path) => fileHits(path, EVERYWHERE)))).toBe('');
  });

  it("the CLI's --help, for the program and every subcommand", () => {
    const helps = helpTexts();
    expect(helps.map((h) => h.name)).toEqual(expect.arrayContaining(['repodigest', 'repodigest pr', 'repodigest pack', 'repodigest graph', 'repodigest search']));
    expect(format(helps.flatMap((h) => hitsIn(`--help of ${h.name}`, h.text, EVERYWHERE)))).toBe('');
  });
});

describe('the patterns', () => {
  const matches = (text: string) => hitsIn('t', text, [...EVERYWHERE, CORPUS_COMMIT]).map((h) => h.pattern).sort();

  it('catch the words of the making', () => {
    expect(matches('// Chosen in the fifth session')).toEqual(['session']);
    expect(matches("against the fourth session's defaults")).toEqual(['session']);
    expect(matches('a regression (issue 12)')).toEqual(['issue number']);
    expect(matches('see issue #7')).toEqual(['issue number']);
    expect(matches('as the lead asked')).toEqual(['the lead']);
    expect(matches('written by helper B')).toEqual(['helper']);
    expect(matches("the helper's measurement")).toEqual(['helper']);
    expect(matches('measured at load 3.5')).toEqual(['machine load']);
    expect(matches('the load average was high')).toEqual(['machine load']);
    expect(matches('a fuzz run at load')).toEqual(['machine load']);
    expect(matches('[review] The verdicts come first')).toEqual(['work-track tag']);
    expect(matches('  /** [review] Breaking call sites */')).toEqual(['work-track tag']);
    expect(matches('  // [diff semantics, helper B] renamed below')).toEqual(['helper', 'work-track tag']);
    expect(matches('# [cache] keep results')).toEqual(['work-track tag']);
    expect(matches('Chosen 2026-12-01')).toEqual(['date']);
    expect(matches('at 14:05 UTC')).toEqual(['clock time']);
    expect(matches('e.g. flask c77a5203')).toEqual(['corpus commit']);
    expect(matches('sphinx 9257a4f1bb')).toEqual(['corpus commit']);
  });

  it('leave ordinary text alone', () => {
    for (const text of [
      'a requests.Session keeps cookies across calls; the session object',
      'the issue tracker',
      'a lead-in sentence; the leading dot',
      'a local helper counts as the test; helper functions',
      'load the module; lazy loading; reload 2 modules',
      "for (const [to, acc] of byTo) { out.push([review]); }",
      '`github-actions[bot]` for the default GITHUB_TOKEN',
      '[the README](README.md), [ref]: https://example.com',
      '- [ ] a task list item, * [x] done',
      '    [base, head] = await Promise.all([',
      'Built once at load, O(symbols + edges); at load time',
      'edge as `[from, to, kind, resolution]` quintuples',
      'flask.app.Flask and django 4.2; click decorators',
    ]) {
      expect(matches(text), text).toEqual([]);
    }
  });
});
