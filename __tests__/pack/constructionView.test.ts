// A class reached as a callee (code constructs it) is shown as what its construction needs: header,
// its docstring's first paragraph, fields and `__init__` in full, its other members left out (rule in
// src/pack/constructionView.ts). click 047adef2 at 6,000 tokens packed `click.Command` as a 2,761-token
// signature of all its method stubs beside `Command.__init__` (400).
import { beforeAll, describe, expect, it } from 'vitest';
import { type PackResult, packContext } from '../../src/pack/packer.js';
import { createTokenCounter, type TokenCounter } from '../../src/pack/tokens.js';
import { rendererFor } from '../../src/render/renderers.js';
import { type Project, py, pythonProject } from './pythonProject.js';

let counter: TokenCounter;
let project: Project;

// Eight methods of ~60 tokens each: far more than the 200 tokens a construction view may leave out.
const methods = Array.from({ length: 8 }, (_, i) =>
  [
    `    def step_${i}(self, value):`,
    `        """Step ${i} of the engine's work, documented at some length to weigh."""`,
    `        total = value * ${i} + self.speed`,
    `        return [total for _ in range(${i + 1})]`,
    '',
  ].join('\n'),
).join('\n');

beforeAll(async () => {
  counter = createTokenCounter('o200k_base');
  project = await pythonProject({
    'motor.py': [
      'class Engine:',
      '    """An engine that runs steps.',
      '',
      '    :param speed: how fast it runs.',
      '    :param name: what it is called.',
      '    """',
      '',
      '    kind = "piston"',
      '',
      '    def __init__(self, speed, name="main"):',
      '        self.speed = speed',
      '        self.name = name',
      '',
      methods,
      '',
      'class Small:',
      '    def __init__(self, x):',
      '        self.x = x',
      '',
      '    def double(self):',
      '        return self.x * 2',
      '',
    ].join('\n'),
    // httpx 336204f0: `Proxy` packed in full, its `__init__` calls `Headers(headers)`: all 241 lines of Headers were packed.
    'gate.py': py(`
      from motor import Engine

      class Gate:                  # constructed by open_gate: small, packed in full
          def __init__(self, speed):
              self.engine = Engine(speed)   # Engine's caller is inside the packed Gate

      def open_gate():             # root
          return Gate(2)
    `),
    'use.py': py(`
      from motor import Engine, Small

      def build():                 # root: constructs Engine (callee: Engine and Engine.__init__)
          return Engine(3), Small(1)

      def tune(engine: Engine):    # root: a method of Engine is packed in full first
          return engine.step_1(2)
    `),
  });
});

const pack = (roots: string[], budget = 4000, format: 'markdown' | 'json' = 'markdown'): PackResult =>
  packContext({ roots, symbols: project.symbols, adjacency: project.adjacency, budget, counter, renderer: rendererFor(format) });
const block = (result: PackResult, id: string): string => {
  const at = result.content.indexOf(`### \`${id}\``);
  return at < 0 ? '' : result.content.slice(at, result.content.indexOf('\n```\n', at));
};

describe('a class reached as a constructor call', () => {
  it('is its header, first docstring paragraph, fields and __init__ in full; __init__ is not packed again', () => {
    const result = pack(['use.build']);
    const engine = result.packed.find((p) => p.id === 'motor.Engine');
    expect(engine?.mode).toBe('signature');
    expect(block(result, 'Engine')).toContain(
      [
        'Shown for its construction: 8 other members left out, docstring cut to its first paragraph.',
        '',
        '```python',
        'class Engine:',
        '    """An engine that runs steps.',
        '    """',
        '    kind = "piston"',
        '',
        '    def __init__(self, speed, name="main"):',
        '        self.speed = speed',
        '        self.name = name',
      ].join('\n'),
    );
    expect(block(result, 'Engine')).not.toContain('step_');
    expect(result.skipped.find((s) => s.id === 'motor.Engine.__init__')).toMatchObject({ reason: 'contained in motor.Engine', within: 'motor.Engine' });
    // A small class costs little more than its construction: shown in full.
    expect(result.packed.find((p) => p.id === 'motor.Small')?.mode).toBe('full');
  });

  it('says so in JSON too: the packed entry carries the note, not only the markdown inside content', () => {
    const result = pack(['use.build'], 4000, 'json');
    const doc = JSON.parse(result.content) as { packed: { id: string; mode: string; notes?: string[] }[] };
    const engine = doc.packed.find((p) => p.id === 'motor.Engine');
    expect(engine?.mode).toBe('signature');
    expect(engine?.notes).toEqual(['Shown for its construction: 8 other members left out, docstring cut to its first paragraph.']);
    // An entry shown as it is says nothing more.
    expect(doc.packed.find((p) => p.id === 'motor.Small')).not.toHaveProperty('notes');
  });

  it('is its construction view, not its whole signature, when a method inside it is already packed', () => {
    const result = pack(['use.tune', 'use.build']);
    expect(result.packed.find((p) => p.id === 'motor.Engine.step_1')?.mode).toBe('full');
    expect(result.packed.find((p) => p.id === 'motor.Engine')?.mode).toBe('signature');
    expect(block(result, 'Engine')).not.toContain('def step_');
  });

  it('is its construction view when the code that calls it is a method inside a class packed in full', () => {
    const result = pack(['gate.open_gate']);
    expect(result.packed.find((p) => p.id === 'gate.Gate')?.mode).toBe('full');
    expect(result.packed.find((p) => p.id === 'motor.Engine')?.mode).toBe('signature');
    expect(block(result, 'Engine')).toContain('Shown for its construction: 8 other members left out');
    expect(block(result, 'Engine')).not.toContain('def step_');
  });

  it('shows __init__ as a stub when its full code does not fit (and then not as inside the class)', () => {
    const whole = pack(['use.build']);
    const view = whole.packed.find((p) => p.id === 'motor.Engine')!;
    // The largest budget under the whole document's at which the view with __init__'s body no longer fits.
    let result: PackResult | undefined;
    for (let budget = whole.totalTokens; budget > whole.totalTokens - 300 && result === undefined; budget--) {
      const tried = pack(['use.build'], budget);
      if (!block(tried, 'Engine').includes('self.speed = speed')) result = tried;
    }
    const engine = block(result!, 'Engine');
    expect(engine).toContain('Shown for its construction: 8 other members left out, docstring cut to its first paragraph, constructor as a stub.');
    expect(engine).toContain('    def __init__(self, speed, name="main"):\n        ...');
    expect(result!.packed.find((p) => p.id === 'motor.Engine')!.tokens).toBeLessThan(view.tokens);
    expect(result!.skipped.find((s) => s.id === 'motor.Engine.__init__')?.within).toBeUndefined();
  });
});
