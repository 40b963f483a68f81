// Roots a query names in the order it ranks them: a method, then its class. The class's text holds the
// method's, so the class is shown with a reference in its place: each code line once.
import { describe, expect, it } from 'vitest';
import { packContext } from '../../src/pack/packer.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { markdownRenderer } from '../../src/render/markdown.js';
import { pythonProject } from './pythonProject.js';

const SCHEMA = `class Schema:
    """Loads and dumps."""

    strict = True

    def __init__(self, fields):
        self.fields = fields
        self.errors = {}

    def _deserialize(self, data):
        out = {}
        for name, field in self.fields.items():
            out[name] = field.load(data.get(name))
        return out

    def dump(self, obj):
        return {name: getattr(obj, name) for name in self.fields}
`;

describe('a class root packed after its own method roots', () => {
  it('shows each of its lines once, the methods already shown as references', async () => {
    const project = await pythonProject({ 'schema.py': SCHEMA });
    const result = packContext({
      renderer: markdownRenderer,
      roots: ['schema.Schema.__init__', 'schema.Schema._deserialize', 'schema.Schema'],
      symbols: project.symbols,
      adjacency: project.adjacency,
      budget: 2000,
      counter: createTokenCounter('o200k_base'),
    });
    const code = result.content.split('\n').filter((l) => /def |self\.|out\[name\]/.test(l));
    expect(code.length).toBe(new Set(code).size);
    // The class still shows what is only its own: its other method and its attribute.
    expect(result.content).toContain('    def dump(self, obj):');
    expect(result.content).toContain('    strict = True');
    expect(result.content).toMatch(/def __init__\(self, fields\): .*shown above/);
  });
});
