// A pytest command line a workflow can paste: `python -m pytest` and the arguments, each one a single
// shell word (quoted when it holds anything but path and node-id characters), in the order given.

const PLAIN_WORD = /^[\w./:=@%+,-]+$/;

export function pytestCommand(args: readonly string[]): string | undefined {
  if (args.length === 0) return undefined;
  return ['python', '-m', 'pytest', ...args.map(shellWord)].join(' ');
}

function shellWord(arg: string): string {
  return PLAIN_WORD.test(arg) && !arg.startsWith('-') ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}
