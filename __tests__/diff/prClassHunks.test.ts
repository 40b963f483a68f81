// A class shown as its changed lines (render/prViews.ts, diff/symbolDiff.ts, pipeline/prSymbolDiffs.ts):
// each hunk numbers its lines as git does, keeps every changed line (a docstring's blank `+` lines too)
// and never glues context from across the class's methods. flask c77a5203 replaced the method
// `App.should_ignore_error` by an attribute with a docstring: the view of App said `@@ -276 +276` for
// a change at line 925 (context from attributes 650 lines up) and dropped the docstring's blank lines.
import { describe, expect, it } from 'vitest';
import { twoCommitPrFixture } from './prRepo.js';

const BASE = `class App:
    default_config = {}
    response_class = None

    def first(self):
        return 1

    def second(self):
        return 2

    def should_ignore_error(self, error):
        """Called to figure out if an error should be ignored.

        .. versionadded:: 0.10
        """
        return False

    def redirect(self, location):
        return location
`;

const HEAD = `class App:
    default_config = {}
    response_class = "Response"

    def first(self):
        return 1

    def second(self):
        return 2

    should_ignore_error = None
    """If this returns \`\`True\`\`, the error is not passed on.

    .. deprecated:: 3.2
        Handle errors in teardown handlers.

    .. versionadded:: 0.10
    """

    def redirect(self, location):
        return location
`;

const pr = twoCommitPrFixture({ 'app.py': BASE }, { 'app.py': HEAD });

// git show: `@@ -1,6 +1,6 @@` changes line 3; `@@ -8,12 +8,14 @@` removes base 11-16 (the method,
// its own diff) and adds head 11-18; head 13 (blank) is base 13 kept. The class's own lines, hunked:
const EXPECTED = [
  '@@ -1,4 +1,4 @@',
  ' class App:',
  '     default_config = {}',
  '-    response_class = None',
  '+    response_class = "Response"',
  ' ',
  '@@ -10,8 +10,10 @@',
  ' ',
  '+    should_ignore_error = None',
  '+    """If this returns ``True``, the error is not passed on.',
  ' ',
  '+    .. deprecated:: 3.2',
  '+        Handle errors in teardown handlers.',
  '+',
  '+    .. versionadded:: 0.10',
  '+    """',
  ' ',
].join('\n');

describe('a class shown as its changed lines', () => {
  it('has one hunk per stretch of the class, git line numbers, and every changed line', () => {
    const view = pr.prepared.views.get('app.App')?.[0];
    expect(view?.mode).toBe('hunks');
    expect(view?.text).toBe(EXPECTED);
    expect(pr.prepared.changed.find((c) => c.id === 'app.App')?.diff).toBe(`--- a/app.py\n+++ b/app.py\n${EXPECTED}\n`);
  });
});
