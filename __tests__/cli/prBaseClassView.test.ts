// A class reached only as a base keeps its methods in the digest; the construction view (header, fields,
// constructors: src/pack/constructionView.ts) is for a class that code in the document calls. An added
// subclass builds on its base's methods, which the construction view would leave out. Real git repository, real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { prOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const method = (name: string) => `    def ${name}(self, value):
        """${name.replace(/_/g, ' ')}: a step every shape shares, documented at some length so that
        leaving it out would save more than a couple of hundred tokens in the digest."""
        checked = self.check(value)
        return [checked, self.name, "${name}"]
`;

const BASE = `class Shape:
    """A named shape."""

    def __init__(self, name):
        self.name = name

${['check', 'scale_by', 'rotate_by', 'mirror_on', 'translate_by', 'describe_as'].map(method).join('\n')}`;

const CIRCLE = `from lib.shapes import Shape


class Circle(Shape):
    def __init__(self, r):
        super().__init__("circle")
        self.r = r

    def area(self):
        return 3.14159 * self.r * self.r
`;

const USE = `from lib.shapes import Shape


def make(name):
    return Shape(name)
`;

describe('repodigest pr: a base class among the neighbours', () => {
  test('reached only as the base of an added class, it is shown with its methods', async () => {
    const run = await prOverTwoCommits({ 'lib/__init__.py': '', 'lib/shapes.py': BASE }, { 'lib/circle.py': CIRCLE }, '--budget', '6000');
    // The new file is one block: the added class inside it.
    expect(run.stdout).toContain('### `lib.circle` (module, full)');
    expect(run.stdout).toContain('class Circle(Shape):');
    expect(run.stdout).toContain('### `Shape`');
    expect(run.stdout).toContain('def describe_as(self, value):');
    expect(run.stdout).not.toContain('Shown for its construction');
  });

  test('called by code in the digest, it is shown for its construction', async () => {
    const run = await prOverTwoCommits({ 'lib/__init__.py': '', 'lib/shapes.py': BASE, 'lib/use.py': USE }, { 'lib/use.py': USE.replace('Shape(name)', 'Shape(name.strip())') }, '--budget', '6000');
    expect(run.stdout).toContain('### `Shape`');
    expect(run.stdout).toContain('Shown for its construction');
    expect(run.stdout).not.toContain('def describe_as(self, value):');
  });
});
