// A pull request that changes a generator's signature: the call that makes the generator is a broken
// call site, the lines that advance it (`next(g)`, `g.send(1)`) are not, though the graph links them
// to the generator (its body runs there). Real git, the real CLI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { type Digest, digestOf, section } from './prShape.js';

const STREAM_BASE = `def produce(start):
    total = start
    while True:
        got = yield total
        total += got
`;

const STREAM_HEAD = STREAM_BASE.replace('def produce(start):', 'def produce(start, step):');

const USE = `from app.stream import produce


def driver():
    g = produce(0)  # likely broken: missing step
    next(g)  # not a call of produce's parameters
    return g.send(1)  # 1 goes to the paused yield
`;

let digest: Digest;

beforeAll(async () => {
  const files = { 'app/__init__.py': '', 'app/use.py': USE };
  digest = await digestOf({ ...files, 'app/stream.py': STREAM_BASE }, { ...files, 'app/stream.py': STREAM_HEAD }, 8000);
}, 60_000);

afterAll(() => removeTempDirs());

describe('a PR that changes a generator signature', () => {
  it('reports the call that makes the generator, not the lines that advance it', () => {
    const breaking = section(digest.markdown, '### Breaking call sites');
    const lines = breaking.split('\n').filter((l) => l.startsWith('- likely broken') || l.startsWith('- check'));
    expect(lines).toEqual(['- likely broken: `app/use.py:5` in `app.use.driver`: missing required argument `step` of `produce`']);
  });
});
