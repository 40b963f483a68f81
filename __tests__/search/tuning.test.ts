// The ranking mechanisms eval:search chose between (src/search/tuning.ts), each on a real project (temp
// dir, real tree-sitter, real call graph): every test compares a setting with the mechanism on against
// the same setting with it off, so each fails if its mechanism stops doing its job; and the defaults
// rank the changed method above the class that holds it (the commonest miss before).
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RepoIndex } from '../../src/model.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { searchRepository } from '../../src/pipeline/searchRepository.js';
import { DEFAULT_TUNING, type RetrievalTuning } from '../../src/search/tuning.js';
import { py } from '../pack/pythonProject.js';

const SOURCES: Record<string, string> = {
  'docs/__init__.py': '',
  'docs/writers/__init__.py': '',
  'docs/writers/latex.py': py(`
    class LaTeXTranslator:
        """Translates a document tree to LaTeX: sections, tables, figures and footnotes."""

        def __init__(self, document):
            self.body = []

        def visit_table(self, node):
            self.body.append('begin longtable')
            if node.caption:
                self.body.append(node.caption)

        def visit_figure(self, node):
            self.body.append('begin figure')

        def visit_footnote(self, node):
            self.body.append('footnote')

        def depart_section(self, node):
            self.body.append('end section')
  `),
  'docs/writers/html.py': py(`
    class HTMLTranslator:
        """Translates a document tree to HTML."""

        def visit_table(self, node):
            self.body.append('<table>')

        def visit_caption(self, node):
            """Write the caption of a table or a figure."""
            self.body.append('<caption>')
  `),
  'docs/nodes.py': py(`
    class table:
        """A table node: rows, columns and an optional caption."""


    def caption_of(node):
        """The caption text of a table or figure node."""
        return node.caption
  `),
};

let index: RepoIndex;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'repodigest-tuning-'));
  for (const [rel, text] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  index = await indexRepository(root);
});

const OFF: RetrievalTuning = { ...DEFAULT_TUNING, membersByMatch: false, fileShare: 0, pathBoost: 0 };
const CLASS = 'docs.writers.latex.LaTeXTranslator';
const METHOD = 'docs.writers.latex.LaTeXTranslator.visit_table';

function scores(query: string, tuning: RetrievalTuning): Map<string, number> {
  return new Map(searchRepository(index, query, 50, tuning).map((h) => [h.id, h.score]));
}

function ids(query: string, tuning: RetrievalTuning): string[] {
  return searchRepository(index, query, 50, tuning).map((h) => h.id);
}

describe('class prior', () => {
  it('a lower class factor puts the matching method above the class that holds it', () => {
    const query = 'LaTeX output drops the caption of long tables';
    const high = ids(query, { ...OFF, classFactor: 0.8 });
    const low = ids(query, { ...OFF, classFactor: 0.5 });
    expect(high.indexOf(CLASS)).toBeLessThan(high.indexOf(METHOD));
    expect(low.indexOf(METHOD)).toBeLessThan(low.indexOf(CLASS));
    const byDefault = ids(query, DEFAULT_TUNING);
    expect(byDefault.indexOf(METHOD)).toBeLessThan(byDefault.indexOf(CLASS));
  });
});

describe('members by match', () => {
  it('a matched class lends to the method its other words describe, not to every method', () => {
    const query = 'LaTeX output drops the caption of long tables';
    const even = scores(query, { ...OFF, membersByMatch: false });
    const matched = scores(query, { ...OFF, membersByMatch: true });
    const figure = 'docs.writers.latex.LaTeXTranslator.visit_figure';
    expect(matched.get(METHOD)!).toBeGreaterThan(even.get(METHOD)!);
    // visit_figure shares only the class's words (in its id) with the question: the gap to it widens.
    expect(matched.get(METHOD)! - matched.get(figure)!).toBeGreaterThan(even.get(METHOD)! - even.get(figure)!);
  });
});

describe('path words', () => {
  it("a question word naming a file lifts that file's symbols", () => {
    const query = 'the latex writer renders tables wrong';
    const without = scores(query, { ...OFF });
    const withPath = scores(query, { ...OFF, pathBoost: 0.3 });
    const html = 'docs.writers.html.HTMLTranslator.visit_table';
    expect(withPath.get(METHOD)! / without.get(METHOD)!).toBeCloseTo(1.3, 5);
    expect(withPath.get(html)! / without.get(html)!).toBeCloseTo(1, 5);
  });
});

describe('file share', () => {
  it('symbols of a file with a strong hit rise against lone matches elsewhere', () => {
    const query = 'LaTeX footnote caption';
    const without = scores(query, { ...OFF });
    const shared = scores(query, { ...OFF, fileShare: 0.6 });
    const table = 'docs.writers.latex.LaTeXTranslator.visit_table';
    const lone = 'docs.nodes.caption_of';
    expect(shared.get(table)! / shared.get(lone)!).toBeGreaterThan(without.get(table)! / without.get(lone)!);
  });
});
