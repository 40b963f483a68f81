import { beforeAll, describe, expect, it } from 'vitest';
import type { PySymbol } from '../../src/model.js';
import { buildSearchIndex, searchDocumentText, searchIndex } from '../../src/search/bm25.js';
import { searchTerm, subTokens } from '../../src/search/tokenize.js';
import { type Project, py, pythonProject } from '../pack/pythonProject.js';

let project: Project;
let symbols: PySymbol[];

beforeAll(async () => {
  project = await pythonProject({
    'db/migrations/executor.py': py(`
      class MigrationExecutor:
          """End-to-end migration execution: loads migrations and runs them up or down."""

          def apply_migration(self, state, migration, fake=False):
              """Run a migration forwards against the database."""
              with self.connection.schema_editor() as editor:
                  state = migration.apply(state, editor)
              return state

          def unapply_migration(self, state, migration):
              """Run a migration backwards."""
              return migration.unapply(state)
    `),
    'http/server.py': py(`
      def serve_forever(host, port):
          """Start the HTTP server and answer requests until interrupted."""
          while True:
              handle_request(host, port)

      def handle_request(host, port):
          # the body mentions migration and database but must not count: only signatures are indexed
          return "migration database migration database"
    `),
    'util/text.py': py(`
      def computeLossValue(predictions, targets):
          return sum(predictions) - sum(targets)
    `),
  });
  symbols = [...project.symbols.values()];
});

/** BM25 straight from the definition, independent of the index's data structures. */
function referenceScores(docs: PySymbol[], query: string): Map<string, number> {
  const tokenised = docs.map((d) => subTokens(searchDocumentText(d)).map(searchTerm));
  const n = docs.length;
  const avg = tokenised.reduce((s, t) => s + t.length, 0) / n;
  const scores = new Map<string, number>();
  const terms = [...new Set(subTokens(query).map(searchTerm))];
  docs.forEach((doc, i) => {
    const tokens = tokenised[i]!;
    let score = 0;
    for (const term of terms) {
      const df = tokenised.filter((t) => t.includes(term)).length;
      if (df === 0) continue;
      const tf = tokens.filter((t) => t === term).length;
      const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1);
      score += (idf * tf * 2.5) / (tf + 1.5 * (1 - 0.75 + (0.75 * tokens.length) / avg));
    }
    if (score > 0) scores.set(doc.id, score);
  });
  return scores;
}

describe('BM25 search', () => {
  it('ranks the symbol whose name and docstring match above the rest', () => {
    const hits = searchIndex(buildSearchIndex(symbols), 'where are database migrations applied', 5);
    expect(hits[0]?.id).toBe('db.migrations.executor.MigrationExecutor.apply_migration');
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
  });

  it('scores exactly as the BM25 formula (k1 1.5, b 0.75, idf ln((N-df+0.5)/(df+0.5)+1))', () => {
    const index = buildSearchIndex(symbols);
    for (const query of ['migration state', 'http server requests', 'compute loss', 'run run run migration']) {
      const expected = referenceScores(symbols, query);
      const hits = searchIndex(index, query, 100);
      expect(hits.map((h) => h.id).sort()).toEqual([...expected.keys()].sort());
      for (const hit of hits) expect(hit.score).toBeCloseTo(expected.get(hit.id)!, 10);
    }
  });

  it('meets code names in other word forms (terms are Porter stems of the sub-tokens)', () => {
    const index = buildSearchIndex(symbols);
    // "migrations applied" shares no sub-token with apply_migration ("apply", "migration") but its stems.
    expect(subTokens('migrations applied').some((t) => t === 'apply' || t === 'migration')).toBe(false);
    expect(searchIndex(index, 'migrations applied', 1)[0]?.id).toBe('db.migrations.executor.MigrationExecutor.apply_migration');
    expect(searchTerm('discounts')).toBe(searchTerm('discount'));
    expect(searchTerm('normalized')).toBe(searchTerm('normalize'));
  });

  it('indexes signatures, not bodies', () => {
    // "migration database" only appears in handle_request's body and comment.
    const hits = searchIndex(buildSearchIndex(symbols), 'database', 10);
    expect(hits.map((h) => h.id)).not.toContain('http.server.handle_request');
    expect(hits.map((h) => h.id)).toContain('db.migrations.executor.MigrationExecutor.apply_migration');
  });

  it('matches camelCase sub-tokens of names', () => {
    const hits = searchIndex(buildSearchIndex(symbols), 'loss value', 3);
    expect(hits[0]?.id).toBe('util.text.computeLossValue');
  });

  it('returns the top k only, best first', () => {
    const index = buildSearchIndex(symbols);
    const all = searchIndex(index, 'migration', 100);
    expect(all.length).toBeGreaterThan(2);
    expect(searchIndex(index, 'migration', 2)).toEqual(all.slice(0, 2));
    expect(searchIndex(index, 'migration', 0)).toEqual([]);
  });

  it('breaks ties by id', () => {
    // Two documents identical apart from the id tokens the query does not use.
    const base = project.symbols.get('http.server.serve_forever')!;
    const twin = (id: string): PySymbol => ({ ...base, id, signature: 'def handler(request):\n    ...' });
    const index = buildSearchIndex([twin('b.zeta'), twin('a.alpha'), twin('c.mid')]);
    const hits = searchIndex(index, 'handler request', 10);
    expect(hits.map((h) => h.id)).toEqual(['a.alpha', 'b.zeta', 'c.mid']);
    expect(new Set(hits.map((h) => h.score)).size).toBe(1);
  });

  it('an empty corpus and a query sharing no term give no results', () => {
    expect(searchIndex(buildSearchIndex([]), 'anything', 5)).toEqual([]);
    const index = buildSearchIndex(symbols);
    expect(searchIndex(index, 'kubernetes quantum', 5)).toEqual([]);
    expect(searchIndex(index, '', 5)).toEqual([]);
    expect(searchIndex(index, '?? -- !!', 5)).toEqual([]);
  });

  it('indexes 40,000 symbols well under a second', () => {
    const words = ['get', 'queryset', 'model', 'field', 'migration', 'apply', 'render', 'template', 'cache', 'http'];
    const many: PySymbol[] = [];
    const base = project.symbols.get('http.server.serve_forever')!;
    for (let i = 0; i < 40_000; i++) {
      const name = `${words[i % 10]}_${words[(i * 7) % 10]}${words[(i * 3) % 10]!.toUpperCase()}${i}`;
      const signature = `def ${name}(self, ${words[(i * 5) % 10]}, *args, **kwargs):\n    """Return the ${words[(i * 9) % 10]} for the ${words[(i * 11) % 10]} of this ${words[i % 7]}."""\n    ...`;
      many.push({ ...base, id: `pkg${i % 97}.mod${i % 13}.Cls${i % 31}.${name}`, signature });
    }
    // CPU time, not wall time: the suite shares the machine with other work.
    const before = process.cpuUsage();
    const index = buildSearchIndex(many);
    const used = process.cpuUsage(before);
    const elapsed = (used.user + used.system) / 1000;
    console.log(`bm25: indexed ${many.length} symbols in ${elapsed.toFixed(0)} ms CPU`);
    expect(elapsed).toBeLessThan(1000);
    expect(searchIndex(index, 'apply migration', 3)).toHaveLength(3);
  });
});
