// Example code ranks after the project's own code among a change's neighbours (src/pack/prPlan.ts
// neighbourOrder): click 07c909f2 at 6,000 tokens packed two `examples/` functions (5 call sites
// each) and left out `secho`, the library's caller with one. Real git repository, real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { prOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const TERMUI = (change: string) => `def style(text, fg=None):
    """Wrap text in ANSI colour codes."""
    if fg is None:
        return text
    return f"\\033[{fg}m{text}\\033[0m"${change}


def secho(message, fg=None):
    """Print a styled message."""
    print(style(message, fg=fg))
`;

// One function calling style five times: more call sites than secho's one.
const DEMO = `from lib.termui import style


def colour_demo():
    """Show every colour."""
    print(style("red", fg=31))
    print(style("green", fg=32))
    print(style("yellow", fg=33))
    print(style("blue", fg=34))
    print(style("magenta", fg=35))
`;

interface Packed {
  id: string;
  hop: number;
}

describe('repodigest pr: example code among the neighbours', () => {
  test("the project's caller comes before an example with more call sites", async () => {
    const files = (change: string) => ({ 'lib/__init__.py': '', 'lib/termui.py': TERMUI(change) });
    const run = await prOverTwoCommits(
      { ...files(''), 'examples/colors/demo.py': DEMO },
      { 'lib/termui.py': TERMUI('.strip()') },
      '--budget',
      '6000',
      '--format',
      'json',
    );
    const packed = (JSON.parse(run.stdout) as { packed: Packed[] }).packed.map((p) => p.id);
    const library = packed.indexOf('lib.termui.secho');
    const example = packed.findIndex((id) => id.endsWith('demo.colour_demo'));
    expect(library).toBeGreaterThanOrEqual(0);
    expect(example).toBeGreaterThan(library);
  });
});
