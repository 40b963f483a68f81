// A generator function's body runs where the generator is advanced, not where it is called: the
// call binds the arguments, `next(g)`, `g.send(v)`, `g.__next__()` run the body up to the next
// `yield`. Real Python, real extractor; the expected edge is written next to each call.
import { describe, expect, it } from 'vitest';
import type { Edge } from '../../src/model.js';
import { graphOf } from './projectHelpers.js';

/** `to (resolution[, confidence]) lines` of the calls edges leaving `from`. */
function callsFrom(edges: readonly Edge[], from: string): string[] {
  return edges
    .filter((e) => e.kind === 'calls' && e.from === from)
    .map((e) => `${e.to} (${e.resolution}${e.confidence === undefined ? '' : `, ${e.confidence}`}) ${(e.lines ?? []).join(',')}`);
}

const STREAMS = `def produce(start):
    total = start
    while True:
        got = yield total
        total += got


def numbers(n):
    for i in range(n):
        yield i


def plain():
    return iter([1, 2])


class Channel:
    def send(self, value):
        return value


def driver():
    g = produce(0)  # expect: produce (the call binds start)
    next(g)  # expect: produce (resumes the body)
    g.send(1)  # expect: produce (not Channel.send by name)
    g.__next__()  # expect: produce
    g.throw(ValueError)  # expect: produce


def iterate():
    for item in numbers(3):  # expect: numbers (the call)
        print(item)


def not_generators():
    h = plain()
    next(h)  # expect: nothing (plain returns an iterator, it does not yield)
    c = Channel()
    c.send(1)  # expect: Channel.send


PICK = produce(0)
PICK = numbers(3)


def advance():
    return next(PICK)  # expect: produce, numbers (one of two generators: 0.5 each)


async def ticks():
    yield 1


async def consume():
    a = ticks()  # expect: ticks
    await a.asend(None)  # expect: ticks
    await anext(a)  # expect: ticks
`;

const FLOWS = `class Flow:
    def steps(self):
        yield 1


class Custom(Flow):
    def steps(self):
        yield 2


def run(flow: Flow):
    it = flow.steps()  # expect: Flow.steps, and Custom.steps through dispatch
    next(it)  # expect: the same (an override's generator is advanced through dispatch)
`;

describe('generators in the call graph', () => {
  it('links the call that makes a generator and every site that advances it to the generator function', async () => {
    const edges = await graphOf({ 'streams.py': STREAMS });
    expect(callsFrom(edges, 'streams.driver')).toEqual(['streams.produce (resolved) 23,24,25,26,27']);
    expect(callsFrom(edges, 'streams.iterate')).toEqual(['streams.numbers (resolved) 31']);
    expect(callsFrom(edges, 'streams.not_generators')).toEqual(['streams.Channel (resolved) 38', 'streams.Channel.send (resolved) 39', 'streams.plain (resolved) 36']);
    expect(callsFrom(edges, 'streams.consume')).toEqual(['streams.ticks (resolved) 55,56,57']);
  });

  it('advances a generator an override made through dispatch, as its call reached it', async () => {
    const edges = await graphOf({ 'flows.py': FLOWS });
    expect(callsFrom(edges, 'flows.run')).toEqual(['flows.Custom.steps (dispatch) 12,13', 'flows.Flow.steps (resolved) 12,13']);
  });

  it('gives each of n generators a receiver may hold confidence 1/n', async () => {
    const edges = await graphOf({ 'streams.py': STREAMS });
    expect(callsFrom(edges, 'streams.advance')).toEqual(['streams.numbers (resolved, 0.5) 47', 'streams.produce (resolved, 0.5) 47']);
  });
});
