// Moves and renames found on real git histories: each commit's expected pairing is written beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectMoves } from '../../src/diff/moves.js';
import { collectPrChanges, type PrChanges } from '../../src/diff/prChanges.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';
import { makeRepo, removeTempDirs, type TestRepo } from '../support/testRepo.js';

const HELPERS = `def normalise(text):
    cleaned = text.strip()
    cleaned = cleaned.replace("\\t", " ")
    cleaned = cleaned.lower()
    return cleaned


def tiny():
    pass


class Parser:
    def __init__(self, source):
        self.source = source
        self.pos = 0

    def parse(self):
        out = []
        while self.pos < len(self.source):
            out.append(self.source[self.pos])
            self.pos += 1
        return out
`;

let parser: PythonParser;
let repo: TestRepo;
const commits: string[] = [];
beforeAll(async () => {
  parser = await loadPythonParser();
  repo = makeRepo();
  repo.write({ 'pkg/__init__.py': '', 'pkg/helpers.py': HELPERS, 'pkg/app.py': 'from pkg.helpers import normalise\n\n\ndef run(t):\n    return normalise(t)\n' });
  commits.push(repo.commit('base'));
  // 1: rename Parser -> SourceParser (same file), and tiny -> small (a one-line stub: never a rename).
  repo.write({ 'pkg/helpers.py': HELPERS.replace('class Parser:', 'class SourceParser:').replace('def tiny():', 'def small():') });
  commits.push(repo.commit('rename'));
  // 2: move normalise to pkg/text.py verbatim (cross-file move); the importer follows.
  const [normalise, rest] = [HELPERS.slice(0, HELPERS.indexOf('def tiny')), HELPERS.slice(HELPERS.indexOf('def tiny'))];
  repo.write({
    'pkg/text.py': `${normalise.trimEnd()}\n`,
    'pkg/helpers.py': rest.replace('class Parser:', 'class SourceParser:').replace('def tiny():', 'def small():'),
    'pkg/app.py': 'from pkg.text import normalise\n\n\ndef run(t):\n    return normalise(t)\n',
  });
  commits.push(repo.commit('move'));
  // 3: move SourceParser into pkg/parsing.py with one line edited (a move with an edit).
  const parserText = rest.slice(rest.indexOf('class Parser')).replace('class Parser:', 'class SourceParser:');
  repo.write({
    'pkg/parsing.py': parserText.replace('self.pos += 1', 'self.pos += 2'),
    'pkg/helpers.py': 'def small():\n    pass\n',
  });
  commits.push(repo.commit('move with edit'));
}, 60_000);
afterAll(() => {
  repo.cleanup();
  removeTempDirs();
});

const changesOf = (i: number): Promise<PrChanges> => collectPrChanges(repo.dir, commits[i - 1]!, commits[i]!, parser);
const links = (r: PrChanges) =>
  r.changed
    .filter((c) => c.movedFrom !== undefined || c.movedTo !== undefined)
    .map((c) => `${c.change} ${c.id} ${c.moveKind} ${c.movedFrom ?? ''}${c.movedTo ?? ''} ${c.similarity}`);

describe('moves and renames', () => {
  // The placeholder for the own name makes a pure rename similarity 1; a class with one of its 10 body
  // lines edited is 2·9/20 = 0.9, its 6-line method 2·5/12 = 0.83.
  it('links a renamed class and its methods; a renamed one-line stub stays removed + added', async () => {
    const r = await changesOf(1);
    expect(links(r)).toEqual([
      'removed pkg.helpers.Parser renamed pkg.helpers.SourceParser 1',
      'added pkg.helpers.SourceParser renamed pkg.helpers.Parser 1',
      'removed pkg.helpers.Parser.__init__ moved pkg.helpers.SourceParser.__init__ 1',
      'added pkg.helpers.SourceParser.__init__ moved pkg.helpers.Parser.__init__ 1',
      'removed pkg.helpers.Parser.parse moved pkg.helpers.SourceParser.parse 1',
      'added pkg.helpers.SourceParser.parse moved pkg.helpers.Parser.parse 1',
    ]);
    const stub = r.changed.filter((c) => c.id.endsWith('.tiny') || c.id.endsWith('.small'));
    expect(stub.map((c) => [c.change, c.id, c.movedFrom ?? c.movedTo ?? 'unlinked'])).toEqual([
      ['added', 'pkg.helpers.small', 'unlinked'],
      ['removed', 'pkg.helpers.tiny', 'unlinked'],
    ]);
  });

  it('links a function moved verbatim to another file', async () => {
    const r = await changesOf(2);
    expect(links(r)).toEqual(['removed pkg.helpers.normalise moved pkg.text.normalise 1', 'added pkg.text.normalise moved pkg.helpers.normalise 1']);
  });

  it('links a class moved to another file with an edit, similarity below 1', async () => {
    const r = await changesOf(3);
    const ends = links(r).filter((l) => !l.includes('.__init__'));
    expect(ends).toEqual([
      'removed pkg.helpers.SourceParser moved pkg.parsing.SourceParser 0.9',
      'removed pkg.helpers.SourceParser.parse moved pkg.parsing.SourceParser.parse 0.83',
      'added pkg.parsing.SourceParser moved pkg.helpers.SourceParser 0.9',
      'added pkg.parsing.SourceParser.parse moved pkg.helpers.SourceParser.parse 0.83',
    ]);
  });

  it('pairs deterministically when two added copies tie: the smaller id wins, whatever the input order', async () => {
    const file = (path: string, text: string) => extractFile(parser, path, text);
    const body = 'def f(x):\n    y = x + 1\n    y = y * 2\n    return y\n';
    const removed = file('old.py', body).symbols.filter((s) => s.kind !== 'module');
    const added = [...file('b.py', body).symbols, ...file('a.py', body).symbols].filter((s) => s.kind !== 'module');
    const forward = detectMoves(removed.map((s) => ({ id: s.id, symbol: s })), added.map((s) => ({ id: s.id, symbol: s })));
    const backward = detectMoves(removed.map((s) => ({ id: s.id, symbol: s })), [...added].reverse().map((s) => ({ id: s.id, symbol: s })));
    expect(forward.pairs).toEqual([{ from: 'old.f', to: 'a.f', kind: 'moved', similarity: 1 }]);
    expect(backward).toEqual(forward);
  });
});
