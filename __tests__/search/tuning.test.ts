// The ranking mechanisms eval:search chose between (src/search/tuning.ts), each on a real project (temp
// dir, real tree-sitter, real call graph): every test compares a setting with the mechanism on against
// the same setting with it off, so each fails if its mechanism stops doing its job; and the defaults
// rank the changed method above the class that holds it (the commonest miss before).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RepoIndex } from '../../src/model.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { searchRepository } from '../../src/pipeline/searchRepository.js';
import { asksAboutTests } from '../../src/search/priors.js';
import { DEFAULT_TUNING, type RetrievalTuning } from '../../src/search/tuning.js';
import { py } from '../pack/pythonProject.js';

const SOURCES: Record<string, string> = {
  'docs/headers.py': py(`
    def parse_content_type(value):
        """Split a Content-Type header into the media type and its parameters."""
        media, _, rest = value.partition(';')
        return media.strip(), rest


    def parse_accept_language(value):
        """Split an Accept-Language header into languages and their weights."""
        return [part.strip() for part in value.split(',')]


    def header_media_type(value):
        """The media type of a Content-Type header value."""
        return parse_content_type(value)[0]


    def strip_quoted_words(value):
        return value.replace('"', '').replace("'", '')
  `),
  'maths/numeric.py': py(`
    def fixed_point(value):
        """A fixed-point number of the value."""
        return round(value, 2)
  `),
  'tests/__init__.py': '',
  'tests/test_headers.py': py(`
    from docs.headers import header_media_type, parse_content_type


    def test_parse_content_type():
        assert parse_content_type('text/html; charset=utf-8')[0] == 'text/html'


    def test_media_type_of_header():
        assert header_media_type('text/html') == 'text/html'


    def test_unrelated_content():
        assert 'content' in 'content type'
  `),
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
    const query = 'the latex output renders tables wrong';
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

describe('tests of the best hits', () => {
  const query = 'parse the Content-Type header value into media type and parameters';
  const CODE = 'docs.headers.parse_content_type';
  const BY_NAME = 'tests.test_headers.test_parse_content_type';
  const BY_CALL = 'tests.test_headers.test_media_type_of_header';
  it('are lifted to just below the code they test (by name and by call), and no further', () => {
    const off = scores(query, { ...OFF, testShare: 0 });
    const on = scores(query, { ...OFF, testShare: 0.8 });
    const order = ids(query, { ...OFF, testShare: 0.8 });
    expect(order[0]).toBe(CODE);
    expect(on.get(BY_NAME)!).toBeCloseTo(0.8 * on.get(CODE)!, 9);
    expect(on.get(BY_NAME)!).toBeGreaterThan(off.get(BY_NAME)!);
    // test_media_type_of_header calls header_media_type, a lower code hit: lifted to 0.8 of that one.
    expect(on.get(BY_CALL)!).toBeCloseTo(0.8 * on.get('docs.headers.header_media_type')!, 9);
    // A test that neither names nor calls a hit keeps its own score.
    expect(on.get('tests.test_headers.test_unrelated_content')).toBe(off.get('tests.test_headers.test_unrelated_content'));
    expect(order.indexOf(BY_NAME)).toBeLessThan(ids(query, { ...OFF, testShare: 0 }).indexOf(BY_NAME));
  });
});

describe('body weight', () => {
  it('scales what a word found only in a body is worth', () => {
    const query = 'replace';
    const ID = 'docs.headers.strip_quoted_words';
    expect(scores(query, { ...OFF, bodyFactor: 0 }).has(ID)).toBe(false);
    expect(scores(query, { ...OFF, bodyFactor: 2 }).get(ID)!).toBeGreaterThan(scores(query, { ...OFF, bodyFactor: 1 }).get(ID)!);
  });
});

describe('test intent', () => {
  it('broad intent reads flaky, xfail, parametrize and test paths; narrow reads only the test words', () => {
    for (const q of ['the flaky upload case', 'xfail the slow one', 'parametrize the matrix', 'see testing/code/sample.py', 'fix helper in tests/conftest.py']) {
      expect(asksAboutTests(q, true)).toBe(true);
    }
    expect(asksAboutTests('the flaky upload case')).toBe(false);
    expect(asksAboutTests('the test of uploads')).toBe(true);
    expect(asksAboutTests('latest contest results', true)).toBe(false);
  });
});

describe('meta words', () => {
  it('"fix", "typo", "bug" and "issue" in a question name no code when metaWords is on', () => {
    const query = 'Fix typo in the Content-Type header parsing (bug, issue 12)';
    expect(scores(query, { ...OFF, metaWords: false }).has('maths.numeric.fixed_point')).toBe(true);
    const on = scores(query, { ...OFF, metaWords: true });
    expect(on.has('maths.numeric.fixed_point')).toBe(false);
    expect(ids(query, { ...OFF, metaWords: true })[0]).toBe('docs.headers.parse_content_type');
  });
});
