import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRemovedSymbols, type ChangedSymbol } from '../../src/diff/changedSymbols.js';
import { collectPrChanges, type PrChanges } from '../../src/diff/prChanges.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import type { PySymbol } from '../../src/model.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';
import {
  codeSpan,
  escapeMarkdownText,
  renderCallSites,
  renderChangedSymbolsTable,
  renderPrHeader,
  renderPrSections,
} from '../../src/render/prSections.js';
import { removeTempDirs } from '../support/testRepo.js';
import { buildPrRepo, type PrRepo } from '../diff/prRepo.js';

const ZWSP = '\u200b';
/** An @mention or #reference GitHub would link: `@` or `#` directly followed by a name or number. */
const PINGS = /(^|[^\w`])(@[A-Za-z0-9]|#\d)/;

describe('escapeMarkdownText (hostile PR titles)', () => {
  it('cannot ping a team or a user, or cross-reference an issue', () => {
    const out = escapeMarkdownText('cc @org/team and @alice, fixes #12 and org/repo#34');
    expect(out).not.toMatch(PINGS);
    expect(out).toBe(`cc @${ZWSP}org/team and @${ZWSP}alice, fixes \\#${ZWSP}12 and org/repo\\#${ZWSP}34`);
  });

  it('cannot inject HTML', () => {
    const out = escapeMarkdownText('<img src=x onerror=alert(1)><script>x</script>&amp;');
    expect(out).not.toContain('<');
    expect(out).toBe('&lt;img src=x onerror=alert\\(1\\)&gt;&lt;script&gt;x&lt;/script&gt;&amp;amp;');
  });

  it('cannot open code, links, emphasis or an HTML comment, nor break the line', () => {
    expect(escapeMarkdownText('`rm -rf` [x](javascript:alert(1)) **b** <!-- -->')).toBe(
      '\\`rm \\-rf\\` \\[x\\]\\(javascript\\:alert\\(1\\)\\) \\*\\*b\\*\\* &lt;\\!\\-\\- \\-\\-&gt;',
    );
    expect(escapeMarkdownText('title\n\n# Heading\r\n| a | b |')).toBe('title \\# Heading \\| a \\| b \\|');
  });

  it('drops bidi overrides and control characters and caps the length', () => {
    expect(escapeMarkdownText('a\u202eb\u0007c\u2066d')).toBe('abcd');
    expect([...escapeMarkdownText('x'.repeat(500))]).toHaveLength(200);
  });
});

describe('codeSpan', () => {
  it('uses a fence longer than any backtick run inside', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('``x')).toBe('``` ``x ```');
  });
  it('escapes pipes inside table cells only', () => {
    expect(codeSpan('a|b', true)).toBe('`a\\|b`');
    expect(codeSpan('a|b')).toBe('`a|b`');
  });
});

describe('renderPrHeader', () => {
  it('shows number, escaped title, short SHAs, tokens and encoding', () => {
    const header = renderPrHeader({
      prNumber: 42,
      title: '@org/team <b>bold</b> `x` -->',
      base: '0123456789abcdef0123456789abcdef01234567',
      head: 'fedcba9876543210fedcba9876543210fedcba98',
      tokensUsed: 1234,
      budget: 8000,
      encoding: 'o200k_base',
    });
    expect(header).toBe(
      [
        `## RepoDigest · PR #42: @${ZWSP}org/team &lt;b&gt;bold&lt;/b&gt; \\\`x\\\` \\-\\-&gt;`,
        '',
        '`0123456`..`fedcba9` · 1234 / 8000 tokens (`o200k_base`)',
      ].join('\n'),
    );
  });

  it('puts ref names in code spans and escapes notes; flags an incomplete result', () => {
    const header = renderPrHeader({ base: 'main', head: 'evil`@x', tokensUsed: 1, budget: 2, encoding: 'cl100k_base', incomplete: true, notes: ['x.py: <b>@bob</b>'] });
    expect(header.split('\n')).toEqual([
      '## RepoDigest · Changes',
      '',
      '`main`..``evil`@x`` · 1 / 2 tokens (`cl100k_base`)',
      '',
      '> **Incomplete:** the list of changes may be partial (see notes).',
      `> x.py\\: &lt;b&gt;@${ZWSP}bob&lt;/b&gt;`,
    ]);
  });
});

describe('tables and call sites on a hostile path', () => {
  const evil: ChangedSymbol = { id: 'we|ird.f', file: 'we|ird`@x.py', name: 'f', kind: 'function', change: 'removed', lines: [3, 3] };
  const adjacency = buildAdjacency([{ from: 'app.g', to: 'we|ird.f', kind: 'calls', resolution: 'resolved', lines: [7, 9] }]);

  it('keeps a row to its five cells', () => {
    const table = renderChangedSymbolsTable([evil], adjacency, ['docs/<x>.md']);
    expect(table.split('\n')).toEqual([
      '### Changed symbols',
      '',
      '| Symbol | Change | Location | Callers | Callees |',
      '| --- | --- | --- | ---: | ---: |',
      '| `we\\|ird.f` | removed | ``we\\|ird`@x.py:3`` | 1 | 0 |',
      '',
      'Changed but not analysed (not Python): `docs/<x>.md`',
    ]);
  });

  it('lists every call site of a removed symbol still called, flagged', () => {
    const sites = renderCallSites([evil], adjacency, (id) => (id === 'app.g' ? { file: 'app/g @me.py' } : undefined));
    expect(sites.split('\n')).toEqual([
      '### Call sites to check',
      '',
      '- **Removed but still called:** `we|ird.f`, 2 call sites:',
      '  - `app/g @me.py:7` in `app.g`',
      '  - `app/g @me.py:9` in `app.g`',
    ]);
  });
});

describe('PR sections for a real pull request', () => {
  let pr: PrRepo;
  let changes: PrChanges;
  let sections: string;
  beforeAll(async () => {
    const parser = await loadPythonParser();
    pr = buildPrRepo();
    changes = await collectPrChanges(pr.repo.dir, pr.base, pr.head, parser);
    const paths = pr.repo.git('ls-tree', '-r', '--name-only', pr.head).split('\n').filter((p) => p.endsWith('.py'));
    const headFiles = paths.map((p) => extractFile(parser, p, `${pr.repo.git('show', `${pr.head}:${p}`)}\n`));
    const graphFiles = withRemovedSymbols(headFiles, changes.removedSymbols);
    const adjacency = buildAdjacency(buildCallGraph(graphFiles));
    const byId = new Map<string, PySymbol>(graphFiles.flatMap((f) => f.symbols).map((s) => [s.id, s]));
    sections = renderPrSections({
      prNumber: 7,
      title: 'Drop legacy() @org/team',
      base: changes.mergeBase!,
      head: changes.head!,
      tokensUsed: 900,
      budget: 8000,
      encoding: 'o200k_base',
      changed: changes.changed,
      nonPython: changes.nonPython,
      adjacency,
      locate: (id) => byId.get(id),
    });
  }, 60_000);
  afterAll(() => {
  pr.repo.cleanup();
  removeTempDirs();
});

  it('flags the removed function that head still calls, with every call site', () => {
    const callSites = sections.slice(sections.indexOf('### Call sites to check'), sections.indexOf('### Call graph'));
    // app/caller.py calls legacy() on lines 6 and 10, and c.area() on line 6; legacy's own call of area is gone with it.
    expect(callSites.trim().split('\n')).toEqual([
      '### Call sites to check',
      '',
      '- **Removed but still called:** `pkg.shapes.legacy`, 2 call sites:',
      expect.stringMatching(/^ {2}- `app\/caller\.py:6` in `app\.caller\.report`/),
      expect.stringMatching(/^ {2}- `app\/caller\.py:10` in `app\.caller\.twice`/),
      expect.stringMatching(/^- `nest\.outer\.inner` \(modified\), 1 call site:$/),
      expect.stringMatching(/^ {2}- `nest\.py:4` in `nest\.outer`/),
      '- `pkg.shapes.Circle.area` (modified), 1 call site:',
      expect.stringMatching(/^ {2}- `app\/caller\.py:6` in `app\.caller\.report`/),
    ]);
  });

  it('orders the sections and keeps the title inert', () => {
    const order = ['## RepoDigest · PR #7', '### Changed symbols', '### Call sites to check', '### Call graph of the changes', '```mermaid'].map((h) => sections.indexOf(h));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(sections.split('\n')[0]).toBe(`## RepoDigest · PR #7: Drop legacy\\(\\) @${ZWSP}org/team`);
    expect(sections).toContain('| `pkg.shapes.legacy` | removed | `pkg/shapes.py:22-23` | 2 | 2 |');
  });
});
