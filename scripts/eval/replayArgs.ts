// Arguments shared by the scripts that replay a repository's commits as pull requests
// (eval-pr.ts, eval-ondemand.ts): <git repo> [--commits N] [--budget B] [--head REV] plus boolean flags.
export interface ReplayArgs {
  repo: string;
  commits: number;
  budget: number;
  head: string;
  flags: Set<string>;
}

export function parseReplayArgs(argv: string[], script: string, defaults: { commits: number }, booleanFlags: string[] = []): ReplayArgs {
  const options: ReplayArgs = { repo: '', commits: defaults.commits, budget: 8000, head: 'HEAD', flags: new Set() };
  const extra = booleanFlags.map((f) => ` [${f}]`).join('');
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const number = (name: string) => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number, got '${argv[i] ?? ''}'`);
      return value;
    };
    if (arg === '--commits') options.commits = number('--commits');
    else if (arg === '--budget') options.budget = number('--budget');
    else if (arg === '--head') {
      const value = argv[++i];
      if (!value || value.startsWith('-')) throw new Error(`--head needs a revision, got '${value ?? ''}'`);
      options.head = value;
    } else if (booleanFlags.includes(arg)) options.flags.add(arg);
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg} (expected --commits N, --budget B, --head REV${booleanFlags.map((f) => `, ${f}`).join('')})`);
    else options.repo = arg;
  }
  if (!options.repo) throw new Error(`usage: npm run ${script} -- <git repo> [--commits N] [--budget B] [--head REV]${extra}`);
  return options;
}
