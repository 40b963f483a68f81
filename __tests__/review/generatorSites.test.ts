// Breaking verdicts where a generator is advanced: `next(g)`, `g.send(v)` resume the body of the
// generator function whose call made g, and bind none of its parameters. The call that made g is
// bound as usual. The expected verdict is written next to each call.
import { describe, expect, it } from 'vitest';
import { findBreakingSites } from '../../src/review/breakingSites.js';
import { reviewProject } from './reviewProject.js';

async function verdicts(base: Record<string, string>, head: Record<string, string>): Promise<string[]> {
  const findings = findBreakingSites(await reviewProject(base, head));
  return findings.breaking.map((b) => `${b.certainty} ${b.site.caller}:${b.site.line} ${b.symbol}: ${b.reason}`);
}

const STREAM_BASE = `def produce(start):
    total = start
    while True:
        got = yield total
        total += got
`;

const USE = `from app.stream import produce


def driver():
    g = produce(0)  # broken: missing step
    next(g)  # nothing: resumes the body
    g.send(1)  # nothing: 1 goes to the paused yield, not to a parameter
    print(next(g))  # nothing
    return g.__next__()  # nothing
`;

describe('a generator whose signature changes', () => {
  it('is broken where it is called, never where it is advanced', async () => {
    const files = { 'app/__init__.py': '', 'app/use.py': USE };
    const head = STREAM_BASE.replace('def produce(start):', 'def produce(start, step):');
    expect(await verdicts({ ...files, 'app/stream.py': STREAM_BASE }, { ...files, 'app/stream.py': head })).toEqual([
      'broken app.use.driver:5 app.stream.produce: missing required argument `step` of `produce`',
    ]);
  });

  it('loses a parameter: broken where it is called, not at `g.send(1)` (which passes one argument too)', async () => {
    const files = { 'app/__init__.py': '', 'app/use.py': USE };
    const head = STREAM_BASE.replace('def produce(start):', 'def produce():').replace('total = start', 'total = 0');
    expect(await verdicts({ ...files, 'app/stream.py': STREAM_BASE }, { ...files, 'app/stream.py': head })).toEqual([
      'broken app.use.driver:5 app.stream.produce: passes 1 positional argument; `produce` takes at most 0',
    ]);
  });

  it('when removed, is still called only where the call made the generator', async () => {
    const files = { 'app/__init__.py': '', 'app/use.py': USE };
    const head = 'def other():\n    return 1\n';
    expect(await verdicts({ ...files, 'app/stream.py': STREAM_BASE }, { ...files, 'app/stream.py': head })).toEqual([
      'broken app.use.driver:5 app.stream.produce: calls `produce`, which this change removes',
    ]);
  });
});
