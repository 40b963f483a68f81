// The XML PR digest is the JSON digest's data as elements: the review's fields (header, overview,
// changed, breaking, overrides, signatures, tests, testsBeyond, mustRun, untested, callSites, redactions) and the
// packed symbols read back to the JSON's values, no markdown is left outside the code's CDATA, and the
// budget bounds the XML document exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestFormat } from '../../src/pack/document.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { samplePrRepository } from '../cli/cliHarness.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { outsideCdata, parseXml, type XmlElement } from './xmlCheck.js';

afterAll(removeTempDirs);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The review fields, in the order both formats write them. */
const REVIEW_KEYS = ['header', 'overview', 'changed', 'nonPython', 'breaking', 'overrides', 'signatures', 'tests', 'testsBeyond', 'testsCommand', 'mustRun', 'untested', 'callSites', 'redactions'];
/** Fields whose text is code: a child element holding CDATA (`code`: the element's own CDATA), never an attribute. */
const CODE_KEYS = new Set(['before', 'after']);
/** Our prose names ids in code spans; XML says the same words without the backticks. */
const PROSE_KEYS = new Set(['reason', 'text', 'notes']);
/** Markdown a model would have to read through: headings, table rows, code spans, strong emphasis, escapes, emphasis by underscores. */
const MARKDOWN = /^#{1,6} |^\|.*\|$|`|\*\*|\\[\\()[\]:_*#|-]|(?:^|\s)_[^_\s][^_]*_(?:\s|$)|\u200B/m;

const plain = (text: string) => text.replace(/`+ ?([^`]*?) ?`+/g, '$1');

/**
 * Where `element` differs from the JSON value `json` under the rules the XML digest states: a
 * record's scalars are attributes (absent when false or null), its lists and records child elements
 * named by key, code fields CDATA children; a list's items are its children in order; a scalar item
 * is an element's text. Extra attributes or children are differences too.
 */
function differences(json: Json, element: XmlElement, path: string, prose = false): string[] {
  const out: string[] = [];
  if (Array.isArray(json)) {
    if (element.children.length !== json.length) return [`${path}: ${element.children.length} items, JSON has ${json.length}`];
    json.forEach((item, i) => out.push(...differences(item, element.children[i]!, `${path}[${i}]`, prose)));
    return out;
  }
  if (json === null || typeof json !== 'object') {
    const expected = prose ? plain(String(json)) : String(json);
    return element.text === expected ? [] : [`${path}: text ${JSON.stringify(element.text)}, JSON ${JSON.stringify(expected)}`];
  }
  const seenAttrs = new Set<string>();
  const seenChildren = new Set<string>();
  for (const [key, value] of Object.entries(json)) {
    if (value === null || value === false) continue;
    if (key === 'code' && typeof value === 'string') {
      if (element.text !== value) out.push(`${path}: code ${JSON.stringify(element.text)}, JSON ${JSON.stringify(value)}`);
    } else if (CODE_KEYS.has(key) && typeof value === 'string') {
      const child = element.children.find((c) => c.name === key);
      seenChildren.add(key);
      if (child?.text !== value) out.push(`${path}.${key}: code ${JSON.stringify(child?.text)}, JSON ${JSON.stringify(value)}`);
    } else if (typeof value !== 'object') {
      seenAttrs.add(key);
      const expected = PROSE_KEYS.has(key) ? plain(String(value)) : String(value);
      if (element.attrs[key] !== expected) out.push(`${path}@${key}: ${JSON.stringify(element.attrs[key])}, JSON ${JSON.stringify(expected)}`);
    } else {
      seenChildren.add(key);
      const child = element.children.find((c) => c.name === key);
      if (child === undefined) out.push(`${path}.${key}: no element`);
      else out.push(...differences(value, child, `${path}.${key}`, PROSE_KEYS.has(key)));
    }
  }
  for (const name of Object.keys(element.attrs)) if (!seenAttrs.has(name)) out.push(`${path}@${name}: not a JSON field`);
  for (const child of element.children) if (!seenChildren.has(child.name)) out.push(`${path}.${child.name}: not a JSON field`);
  return out;
}

async function digests(repoDir: string, budget: number, title?: string): Promise<{ xml: string; json: Record<string, Json>; tokens: number }> {
  const formats: DigestFormat[] = ['xml', 'json'];
  const run = await preparePrPacks({ repoDir, base: 'HEAD~1', head: 'HEAD', fullIndex: true, ...(title === undefined ? {} : { title }) }, formats.map((format) => withPackDefaults({ budget, format })));
  return { xml: run.results[0]!.content, json: JSON.parse(run.results[1]!.content) as Record<string, Json>, tokens: run.results[0]!.totalTokens };
}

describe('the XML PR digest', () => {
  let sample: string;
  beforeAll(() => {
    sample = samplePrRepository();
  });

  it('writes the JSON digest\'s review fields as elements that read back to the same values', async () => {
    const { xml, json } = await digests(sample, 20_000);
    const root = parseXml(xml);
    expect(root.name).toBe('context');
    expect([root.attrs.budget, root.attrs.encoding]).toEqual([String(json.budget), json.encoding]);
    // The review fields come first, in the JSON's order; the JSON's changed entries also carry their diff (the XML shows it as packed code).
    const fields = root.children.filter((c) => REVIEW_KEYS.includes(c.name));
    expect(fields.map((c) => c.name)).toEqual(REVIEW_KEYS.filter((k) => json[k] !== undefined && json[k] !== null && k !== 'testsCommand'));
    expect(root.children.slice(0, fields.length)).toEqual(fields);
    const changed = (json.changed as Record<string, Json>[]).map(({ diff: _diff, changedLines: _lines, ...rest }) => rest);
    // A pytest command repeats the ids listed: the XML has it for up to three (the sample's must-run tier), not for the four tests.
    const { command: _command, ...mustRun } = json.mustRun as Record<string, Json>;
    const expected: Record<string, Json> = { ...json, changed, mustRun: { ...mustRun, command: (mustRun.files as string[]).length <= 3 ? _command! : null } };
    expect((json.tests as Json[]).length).toBe(4);
    expect(json.testsCommand).toMatch(/^python -m pytest /);
    delete expected.testsCommand;
    for (const field of fields) {
      const value = expected[field.name]!;
      // A top-level scalar (testsCommand) is an element with text.
      expect(differences(value, field, field.name), field.name).toEqual([]);
    }
    // The findings are there as data: a verdict with its site, the tests with their node ids and command.
    const breaking = fields.find((f) => f.name === 'breaking')!.children;
    expect(breaking.map((f) => [f.attrs.certainty, f.children[0]!.attrs.file, f.children[0]!.attrs.line])).toEqual([
      ['broken', 'shop/pricing.py', '3'],
      ['broken', 'shop/pricing.py', '51'],
    ]);
    expect(fields.find((f) => f.name === 'tests')!.children.map((t) => t.attrs.nodeId)).toEqual((json.tests as { nodeId: string }[]).map((t) => t.nodeId));
    expect(fields.find((f) => f.name === 'mustRun')!.attrs.command).toBe('python -m pytest tests/test_checkout.py');
  });

  it('carries every packed symbol with the JSON entry\'s fields and code, and the same skipped counts', async () => {
    const { xml, json } = await digests(sample, 20_000);
    const root = parseXml(xml);
    const packed = new Map((json.packed as Record<string, Json>[]).map((p) => [p.id as string, p]));
    const symbols = root.children.filter((c) => c.name === 'file').flatMap((f) => f.children.map((s) => ({ file: f.attrs.path!, s })));
    expect(symbols.map((x) => x.s.attrs.id).sort()).toEqual([...packed.keys()].sort());
    for (const { file, s } of symbols) {
      const { code, notes, ...fields } = packed.get(s.attrs.id!)!;
      const attrs = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
      expect({ ...s.attrs, file }, s.attrs.id).toEqual(attrs);
      expect(s.children.map((n) => n.text), s.attrs.id).toEqual(((notes as string[] | undefined) ?? []).map(plain));
      expect(s.text, s.attrs.id).toBe(`\n${(code as string).endsWith('\n') ? code : `${code as string}\n`}`);
    }
    const usage = root.children.find((c) => c.name === 'usage')!;
    expect(Number(usage.attrs.skipped)).toBe(json.skippedTotal);
    expect(Number(usage.attrs.insidePacked ?? 0)).toBe(json.insidePackedTotal ?? 0);
  });

  it('has no markdown outside the code, a hostile title reads back as written, and the budget is exact at every level', async () => {
    const title = 'Cap `discounts` (v2): **loyalty** <b>&</b> ]]> @someone #12';
    const counter = createTokenCounter('o200k_base');
    const totals = new Set<string>();
    for (const budget of [20_000, 3000, 1500, 1000, 700, 500]) {
      const { xml, tokens } = await digests(sample, budget, title);
      const root = parseXml(xml);
      const header = root.children.find((c) => c.name === 'header')!;
      expect(header.attrs.title, `${budget}`).toBe(title);
      // The title is the PR's own text: only our words must be free of markdown.
      expect(outsideCdata(xml).replace(/ title="[^"]*"/g, ''), `${budget}`).not.toMatch(MARKDOWN);
      expect(root.children.some((c) => c.name === 'preamble'), `${budget}`).toBe(false);
      expect(counter.count(xml), `${budget}`).toBe(tokens);
      expect(tokens, `${budget}`).toBeLessThanOrEqual(budget);
      expect(root.children.find((c) => c.name === 'usage')!.attrs.used, `${budget}`).toBe(String(tokens));
      // A list cut to fit says how many the JSON lists.
      for (const list of root.children.filter((c) => c.attrs.total !== undefined)) {
        expect(list.children.length, `${budget} ${list.name}`).toBeLessThan(Number(list.attrs.total));
        totals.add(list.name);
      }
    }
    // The small budgets shortened the lists: some list was cut, and said so.
    expect(totals.size).toBeGreaterThan(0);
  }, 120_000);

  it('keeps code that holds ]]> and markdown in CDATA, byte for byte, in call sites and packed code', async () => {
    const repo = makeRepo();
    const lib = 'def render(text):\n    return text\n';
    const app = 'from lib import render\n\n\ndef page():\n    return render("]]> **not bold** `x` # no heading")\n';
    repo.write({ 'lib.py': lib, 'app.py': app });
    repo.commit('base');
    repo.write({ 'lib.py': 'def render(text, strict=False):\n    return text.strip()\n' });
    repo.commit('head');
    const { xml, json } = await digests(repo.dir, 4000);
    const root = parseXml(xml);
    const site = root.children.find((c) => c.name === 'callSites')!.children[0]!.children[0]!.children[0]!;
    expect(site.attrs).toEqual({ file: 'app.py', line: '5', caller: 'app.page' });
    expect(site.text).toBe('return render("]]> **not bold** `x` # no heading")');
    expect(outsideCdata(xml)).not.toMatch(MARKDOWN);
    const callSites = json.callSites as { sites: { code: string }[] }[];
    expect(callSites[0]!.sites[0]!.code).toBe(site.text);
  });
});
