import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRemovedSymbols } from '../../src/diff/changedSymbols.js';
import { collectPrChanges, type PrChanges } from '../../src/diff/prChanges.js';
import { removedStillReferenced } from '../../src/diff/removedReferences.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import type { PySymbol } from '../../src/model.js';
import { renderCallSites } from '../../src/pr/callSites.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { escapeMarkdownText, type PrEntry, renderChangedList, renderPrHeader } from '../../src/pr/sections.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';
import { buildCommentBody } from '../../src/render/comment.js';
import { codeSpan } from '../../src/shared/fence.js';
import { buildPrRepo, type PrRepo } from '../diff/prRepo.js';
import { cmarkGfm, inertFindings } from '../support/renderedMarkdown.js';
import { removeTempDirs } from '../support/testRepo.js';

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

  it('cannot autolink an address, an e-mail or a URL, nor reference GH-N, in the header as GitHub renders it', () => {
    const title = 'see www.evil.example, WWW.x.y, a@b.co, x@.y.co, mailto:a@b.co, https://evil.example, GH-12 and gh-3';
    const header = renderPrHeader({ prNumber: 5, title, base: 'main', head: 'dev', tokensUsed: 1, budget: 2, encoding: 'o200k_base', notes: [`moved www.evil.example/a.py (a@b.co)`] });
    const comment = buildCommentBody(header, { marker: '', maxLength: 65_000, fullDigestHint: 'the artifact' }).body;
    for (const text of [header, comment]) expect(inertFindings(cmarkGfm(text), { allowedReferences: ['PR #5'] })).toEqual([]);
    expect(cmarkGfm(header).replace(/\u200b/g, '')).toContain(title.replace(/&/g, '&amp;'));
  });

  it('drops bidi overrides and control characters and caps the length', () => {
    expect(escapeMarkdownText('a\u202eb\u0007c\u2066d')).toBe('abcd');
    expect([...escapeMarkdownText('x'.repeat(500))]).toHaveLength(200);
  });
});

describe('codeSpan', () => {
  it('breaks runs of backticks, so its delimiter is at most two backticks', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('``x')).toBe('`` `\u200b`x ``');
    expect(codeSpan('a````b`')).toBe('`` a`\u200b`\u200b`\u200b`b` ``');
    for (let n = 1; n <= 8; n++) expect(codeSpan(`x${'`'.repeat(n)}y`)).not.toMatch(/```/);
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
  const evil: PrEntry = { id: 'we|ird.f', file: 'we|ird`@x.py', name: 'f', kind: 'function', change: 'removed', lines: [3, 3], contract: 'removed' };
  const adjacency = buildAdjacency([{ from: 'app.g', to: 'we|ird.f', kind: 'calls', resolution: 'resolved', lines: [7, 9] }]);
  const alarm = {
    id: 'we|ird.f',
    sites: [7, 9].map((line) => ({ file: 'app/g @me.py', line, caller: 'app.g', via: 'call' as const, resolution: 'resolved' as const })),
    heuristicSites: [],
    heuristicOnly: false,
  };

  it('keeps a row to its five cells', () => {
    const table = renderChangedList([evil], adjacency, 'table', ['docs/<x>.md']);
    expect(table.split('\n')).toEqual([
      '### Changed symbols (1: 0 added, 0 modified, 1 removed)',
      '',
      '| Symbol | Change | Location | Callers | Callees |',
      '| --- | --- | --- | ---: | ---: |',
      '| `we\\|ird.f` | removed | ``we\\|ird`@x.py:3`` | 1 | 0 |',
      '',
      'Changed but not analysed (not Python): `docs/<x>.md`',
    ]);
  });

  it('lists every call site of a removed symbol still called, flagged', () => {
    const sites = renderCallSites({ changed: [evil], adjacency, locate: (id) => (id === 'app.g' ? { file: 'app/g @me.py' } : undefined), alarms: [alarm], contract: 'counts', other: 'counts' });
    // Alarms stay in full at every level.
    expect(sites.split('\n')).toEqual([
      '### Call sites to check',
      '',
      '- **Removed but still called:** `we|ird.f`, 2 call sites:',
      '  - `app/g @me.py`:',
      '    - 7 in `app.g`',
      '    - 9 in `app.g`',
    ]);
  });
});

describe('compact levels (issue 8: more compact, never silently shorter)', () => {
  const entries: PrEntry[] = [
    { id: 'pkg.a.f', file: 'pkg/a.py', name: 'f', kind: 'function', change: 'modified', lines: [1, 4], contract: 'signature' },
    { id: 'pkg.a.g', file: 'pkg/a.py', name: 'g', kind: 'function', change: 'modified', lines: [6, 8] },
    { id: 'pkg.b.New', file: 'pkg/b.py', name: 'New', kind: 'class', change: 'added', lines: [1, 9], movedFrom: 'pkg.b.Old', moveKind: 'renamed', contract: 'renamed' },
    { id: 'pkg.b.New.run', file: 'pkg/b.py', name: 'New.run', kind: 'method', change: 'added', lines: [2, 9], movedFrom: 'pkg.b.Old.run', moveKind: 'renamed', carriedBy: 'pkg.b.New' },
    { id: 'pkg.b.Old', file: 'pkg/b.py', name: 'Old', kind: 'class', change: 'removed', lines: [1, 9], movedTo: 'pkg.b.New', moveKind: 'renamed' },
    { id: 'pkg.b.Old.run', file: 'pkg/b.py', name: 'Old.run', kind: 'method', change: 'removed', lines: [2, 9], movedTo: 'pkg.b.New.run', moveKind: 'renamed' },
  ];
  const adjacency = buildAdjacency([
    { from: 'pkg.c.use', to: 'pkg.a.f', kind: 'calls', resolution: 'resolved', lines: [12, 40] },
    { from: 'pkg.d.more', to: 'pkg.a.f', kind: 'calls', resolution: 'resolved', lines: [3] },
    { from: 'pkg.c.use', to: 'pkg.a.g', kind: 'calls', resolution: 'resolved', lines: [97, 12] },
  ]);
  const files: Record<string, string> = { 'pkg.c.use': 'pkg/c.py', 'pkg.d.more': 'pkg/d.py' };
  const locate = (id: string) => (files[id] ? { file: files[id]! } : undefined);

  it('names every symbol per file, a move once (its removed end and carried members named on its line)', () => {
    expect(renderChangedList(entries, adjacency, 'names').split('\n')).toEqual([
      '### Changed symbols (6: 2 added, 2 modified, 2 removed)',
      '',
      '- `pkg/a.py` modified: `f` (signature), `g`',
      '- `pkg/b.py` added: `New` (renamed from `Old`; moved with it, unchanged: `run`)',
    ]);
  });

  it('counts per file at the last level, and says where the names are', () => {
    expect(renderChangedList(entries, adjacency, 'counts').split('\n')).toEqual([
      '### Changed symbols (6: 2 added, 2 modified, 2 removed)',
      '',
      '- `pkg/a.py`: 2 modified',
      '- `pkg/b.py`: 2 added, 2 removed',
      '',
      '_Names left out to fit the budget: the JSON digest lists every changed symbol._',
    ]);
  });

  it('lists contract changes in full and the others per file, then counts them', () => {
    const full = renderCallSites({ changed: entries, adjacency, locate, alarms: [], contract: 'full', other: 'compact' });
    expect(full.split('\n')).toEqual([
      '### Call sites to check',
      '',
      '- `pkg.a.f` (modified, signature changed), 3 call sites:',
      '  - `pkg/c.py`:',
      '    - 12 in `pkg.c.use`',
      '    - 40 in `pkg.c.use`',
      '  - `pkg/d.py:3` in `pkg.d.more`',
      '- `pkg.a.g` (modified), 2 call sites: `pkg/c.py: 12, 97`',
    ]);
    const counts = renderCallSites({ changed: entries, adjacency, locate, alarms: [], contract: 'compact', other: 'counts' });
    expect(counts.split('\n').slice(2)).toEqual([
      '- `pkg.a.f` (modified, signature changed), 3 call sites: `pkg/c.py: 12, 40`; `pkg/d.py: 3`',
      '- Call sites of the other changed symbols (counts): `pkg.a.g` 2',
    ]);
  });

  it('says what changed in one pair of parentheses (click 7a0a3447 read "(added (renamed from `safecall`))")', () => {
    const calls = buildAdjacency([{ from: 'pkg.c.use', to: 'pkg.b.New', kind: 'calls', resolution: 'resolved', lines: [5] }]);
    expect(renderCallSites({ changed: entries, adjacency: calls, locate, alarms: [], contract: 'full', other: 'full' }).split('\n').slice(2)).toEqual([
      '- `pkg.b.New` (added, renamed from `Old`), 1 call site:',
      '  - `pkg/c.py:5` in `pkg.c.use`',
    ]);
  });

  // rich 39ee57df at 6,000 tokens: `Console.print`'s 49 call sites outside tests, a line each, left room
  // for one neighbour; marshmallow 7609530d0: lists folded to counts so that a six-function change could
  // be shown whole, its callers' lines nowhere.
  it('gives sites lines of their own while the token cap lasts, one symbol after another, the rest per file', () => {
    const many = buildAdjacency([
      { from: 'pkg.c.use', to: 'pkg.a.g', kind: 'calls', resolution: 'resolved', lines: Array.from({ length: 40 }, (_, i) => i + 1) },
      { from: 'pkg.d.more', to: 'pkg.a.f', kind: 'calls', resolution: 'resolved', lines: [3] },
      { from: 'tests.test_a.test_g', to: 'pkg.a.g', kind: 'calls', resolution: 'resolved', lines: [8] },
    ]);
    const where: Record<string, string> = { ...files, 'tests.test_a.test_g': 'tests/test_a.py' };
    const counter = createTokenCounter('o200k_base');
    const render = (tokens?: number) =>
      renderCallSites({
        changed: entries,
        adjacency: many,
        locate: (id) => (where[id] ? { file: where[id]! } : undefined),
        alarms: [],
        contract: 'full',
        other: 'full',
        isTest: (f) => f.startsWith('tests/'),
        ...(tokens === undefined ? {} : { cap: { tokens, count: counter.count } }),
      }).split('\n');
    // Without a cap every site has its line.
    expect(render()).toHaveLength(2 + 2 + 1 + 1 + 40 + 1);
    // A small cap: the lines of numbers first, then one line each while it lasts, `pkg.a.f` (its
    // contract changed) before the 40 of `pkg.a.g`.
    const capped = render(200);
    expect(capped.slice(2, 4)).toEqual(['- `pkg.a.f` (modified, signature changed), 1 call site:', '  - `pkg/d.py:3` in `pkg.d.more`']);
    const own = capped.filter((l) => /^ {4}- \d+ in `pkg\.c\.use`/.test(l));
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(40);
    expect(capped).toContain(`  - ${40 - own.length} more outside test files: \`pkg/c.py: ${Array.from({ length: 40 - own.length }, (_, i) => i + 1 + own.length).join(', ')}\``);
    expect(capped.at(-1)).toBe('  - 1 in test files: `tests/test_a.py` 1');
    expect(counter.count(capped.slice(2).join('\n'))).toBeLessThanOrEqual(200 + 40);
    // Below the lines of numbers themselves: the longest list folds to per-file counts.
    expect(render(20).slice(2)).toEqual([
      '- `pkg.a.f` (modified, signature changed), 1 call site: `pkg/d.py: 3`',
      '- `pkg.a.g` (modified), 41 call sites in 2 files: `pkg/c.py` 40, `tests/test_a.py` 1',
    ]);
  });

  it('lists a constructor call once, under __init__, when the class and its __init__ both changed', () => {
    const both: PrEntry[] = [
      { id: 'pkg.a.Box', file: 'pkg/a.py', name: 'Box', kind: 'class', change: 'added', lines: [1, 9] },
      { id: 'pkg.a.Box.__init__', file: 'pkg/a.py', name: 'Box.__init__', kind: 'method', change: 'added', lines: [2, 3] },
    ];
    const calls = buildAdjacency([
      { from: 'pkg.c.use', to: 'pkg.a.Box', kind: 'calls', resolution: 'resolved', lines: [5, 8] },
      { from: 'pkg.c.use', to: 'pkg.a.Box.__init__', kind: 'calls', resolution: 'resolved', lines: [5] },
    ]);
    expect(renderCallSites({ changed: both, adjacency: calls, locate, alarms: [], contract: 'full', other: 'full' }).split('\n').slice(2)).toEqual([
      // Line 8 uses the class otherwise (an isinstance check, a subclass): it stays the class's.
      '- `pkg.a.Box` (added), 1 call site:',
      '  - `pkg/c.py:8` in `pkg.c.use`',
      '- `pkg.a.Box.__init__` (added), 1 call site:',
      '  - `pkg/c.py:5` in `pkg.c.use`',
    ]);
  });

  it('says no call site exists only when none does', () => {
    const none = buildAdjacency([]);
    expect(renderCallSites({ changed: entries, adjacency: none, locate, alarms: [], contract: 'counts', other: 'counts' })).toContain('_No call sites of the changed symbols were found._');
    expect(renderCallSites({ changed: entries, adjacency, locate, alarms: [], contract: 'counts', other: 'counts' })).not.toContain('_No call sites');
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
    const edges = buildCallGraph(graphFiles);
    const adjacency = buildAdjacency(edges);
    const byId = new Map<string, PySymbol>(graphFiles.flatMap((f) => f.symbols).map((s) => [s.id, s]));
    const importers = (id: string) => edges.filter((e) => e.kind === 'imports' && e.to === id).map((e) => e.from).sort();
    const alarms = removedStillReferenced({ changed: changes.changed, adjacency, importers, locate: (id) => byId.get(id) });
    const entries: PrEntry[] = changes.changed.map((c) => (c.change === 'removed' ? { ...c, contract: 'removed' } : c));
    sections = [
      renderPrHeader({ prNumber: 7, title: 'Drop legacy() @org/team', base: changes.mergeBase!, head: changes.head!, tokensUsed: 900, budget: 8000, encoding: 'o200k_base' }),
      renderChangedList(entries, adjacency, 'table', changes.nonPython),
      renderCallSites({ changed: entries, adjacency, locate: (id) => byId.get(id), alarms, contract: 'full', other: 'full' }),
    ].join('\n\n');
  }, 60_000);
  afterAll(() => {
    pr.repo.cleanup();
    removeTempDirs();
  });

  it('flags the removed function that head still calls, with every call site', () => {
    const callSites = sections.slice(sections.indexOf('### Call sites to check'));
    // app/caller.py calls legacy() on lines 6 and 10, and c.area() on line 6; legacy's own call of area is gone with it.
    expect(callSites.trim().split('\n')).toEqual([
      '### Call sites to check',
      '',
      // The import of the removed name fails too (sites in file and line order, diff/removedReferences.ts).
      '- **Removed but still called:** `pkg.shapes.legacy`, 2 call sites, 1 import:',
      // Several in one file are listed under it, each caller by its name in the file (a module by its own).
      '  - `app/caller.py`:',
      '    - 1 in `app.caller` (import)',
      expect.stringMatching(/^ {4}- 6 in `report`/),
      expect.stringMatching(/^ {4}- 10 in `twice`/),
      expect.stringMatching(/^- `nest\.outer\.inner` \(modified\), 1 call site:$/),
      expect.stringMatching(/^ {2}- `nest\.py:4` in `outer`/),
      '- `pkg.shapes.Circle.area` (modified), 1 call site:',
      expect.stringMatching(/^ {2}- `app\/caller\.py:6` in `report`/),
    ]);
  });

  it('orders the sections and keeps the title inert', () => {
    const order = ['## RepoDigest · PR #7', '### Changed symbols', '### Call sites to check'].map((h) => sections.indexOf(h));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(sections.split('\n')[0]).toBe(`## RepoDigest · PR #7: Drop legacy\\(\\) @${ZWSP}org/team`);
    expect(sections).toContain('| `pkg.shapes.legacy` | removed | `pkg/shapes.py:22-23` | 2 | 2 |');
  });
});
