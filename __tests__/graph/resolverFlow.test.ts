// Parameter flow (resolverFlow.ts) and its bounds, on real Python through the real extractor.
import { describe, expect, it } from 'vitest';
import { buildCallGraph } from '../../src/graph/callGraph.js';
import { MAX_FLOW_SITES } from '../../src/graph/resolver/flow.js';
import { extractProject } from './projectHelpers.js';

async function callEdges(files: Record<string, string>): Promise<string[]> {
  const edges = buildCallGraph(await extractProject(files), { parameterFlow: true });
  return edges.filter((e) => e.kind === 'calls').map((e) => `${e.from} -> ${e.to} (${e.resolution})`);
}

describe('parameter flow', () => {
  it('by default follows parameters the function calls (callbacks, factories, wrappers); receivers need parameterFlow: true; false turns it off', async () => {
    const files = await extractProject({
      'main.py': [
        'def apply(fn, *, on_error):',
        '    fn().start()',
        '    on_error()',
        'def persist(doc):',
        '    doc.save()',
        'class Service:',
        '    def start(self):',
        '        pass',
        'class Draft:',
        '    def save(self):',
        '        pass',
        'def report():',
        '    pass',
        'apply(Service, on_error=report)',
        'persist(Draft())',
        '',
      ].join('\n'),
    });
    const pairs = (edges: ReturnType<typeof buildCallGraph>): string[] =>
      edges.filter((e) => e.kind === 'calls' && e.resolution === 'resolved' && e.from !== 'main').map((e) => `${e.from} -> ${e.to}`);
    expect(pairs(buildCallGraph(files))).toEqual(['main.apply -> main.Service', 'main.apply -> main.Service.start', 'main.apply -> main.report']);
    expect(pairs(buildCallGraph(files, { parameterFlow: 'callables' }))).toEqual(pairs(buildCallGraph(files)));
    expect(pairs(buildCallGraph(files, { parameterFlow: true }))).toEqual([...pairs(buildCallGraph(files)), 'main.persist -> main.Draft.save']);
    expect(pairs(buildCallGraph(files, { parameterFlow: false }))).toEqual([]);
  });

  it('binds a parameter to what its callers pass, positionally, by keyword and after self', async () => {
    const edges = await callEdges({
      'main.py': [
        'def apply(fn, value):',
        '    return fn(value)',
        'def double(x):',
        '    return x',
        'class Job:',
        '    def execute(self):',
        '        pass',
        'class Runner:',
        '    def start(self, job):',
        '        job.execute()',
        'def run():',
        '    apply(value=1, fn=double)',
        '    Runner().start(Job())',
        '',
      ].join('\n'),
    });
    expect(edges).toContain('main.apply -> main.double (resolved)');
    expect(edges).toContain('main.Runner.start -> main.Job.execute (resolved)');
  });

  it('follows one level only: an argument that is itself a parameter does not flow on', async () => {
    const edges = await callEdges({
      'main.py': [
        'def inner(g):',
        '    g()',
        'def outer(f):',
        '    inner(f)',
        'def target():',
        '    pass',
        'outer(target)',
        '',
      ].join('\n'),
    });
    expect(edges).toContain('main -> main.outer (resolved)');
    expect(edges).toContain('main.outer -> main.inner (resolved)');
    expect(edges.filter((e) => e.startsWith('main.inner ->'))).toEqual([]);
  });

  it(`flows nothing into a function with more than ${MAX_FLOW_SITES} callers that pass arguments`, async () => {
    const callers = (n: number): string =>
      Array.from({ length: n }, (_, i) => `def t${i}():\n    pass\ndef c${i}():\n    use(t${i})\n`).join('');
    const few = await callEdges({ 'main.py': `def use(cb):\n    cb()\n${callers(MAX_FLOW_SITES)}` });
    expect(few.filter((e) => e.startsWith('main.use ->'))).toHaveLength(MAX_FLOW_SITES);
    const many = await callEdges({ 'main.py': `def use(cb):\n    cb()\n${callers(MAX_FLOW_SITES + 1)}` });
    expect(many.filter((e) => e.startsWith('main.use ->'))).toEqual([]);
  });

  it('terminates on a function passed to itself', async () => {
    const edges = await callEdges({ 'main.py': 'def f(g):\n    g(f)\nf(f)\n' });
    expect(edges).toEqual(['main -> main.f (resolved)', 'main.f -> main.f (resolved)']);
  });
});
