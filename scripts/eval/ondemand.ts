// Replays the last N first-parent commits of a local git repository as pull requests and builds each
// PR digest twice, on demand (the default) and from the full index, in markdown, XML and JSON: reports
// identical / different (with the first differing line) and the files parsed.
//
// Run: npm run eval:ondemand -- <git repo> [--commits N] [--budget B] [--head REV]
//
// - The repository is never touched: it is cloned (`--shared`) into a temp dir, checked out at each
//   commit (the digest indexes the working tree) and removed at the end.
// - "identical" is byte for byte. "identical but the lower bound" means the only differences are the
//   counts of symbols never considered (pipeline/onDemandPr.ts: walked over the parsed part only), which
//   on demand are lower bounds; comparing with those counts masked is ondemandCompare.ts.
// - CPU time per run (process.cpuUsage, not wall time: the machine is shared) is printed per commit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { compareDigests } from './ondemandCompare.js';
import { parseReplayArgs } from './replayArgs.js';

const parseArgs = (argv: string[]) => parseReplayArgs(argv, 'eval:ondemand', { commits: 20 });

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }).trim();

function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const repo = resolve(options.repo);
  const commits = git(repo, 'rev-list', '--first-parent', `--max-count=${options.commits}`, options.head).split('\n').filter(Boolean);
  const work = mkdtempSync(join(tmpdir(), 'repodigest-ondemand-'));
  const clone = join(work, 'repo');
  execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', repo, clone]);
  const packs = (['markdown', 'xml', 'json'] as const).map((format) => withPackDefaults({ budget: options.budget, format }));
  const tally = { identical: 0, lowerBound: 0, different: 0, failed: 0 };
  let parsed = 0;
  let total = 0;
  let cpuOnDemand = 0;
  let cpuFull = 0;
  try {
    for (const commit of commits) {
      const parents = git(repo, 'rev-list', '--parents', '-n', '1', commit).split(' ');
      if (parents.length < 2) continue;
      git(clone, 'checkout', '-q', '--force', commit);
      const request = { repoDir: clone, base: parents[1]!, head: commit };
      const short = commit.slice(0, 10);
      try {
        let start = process.cpuUsage();
        const onDemand = await preparePrPacks(request, packs);
        const cpuA = cpuSeconds(start);
        start = process.cpuUsage();
        const full = await preparePrPacks({ ...request, fullIndex: true }, packs);
        const cpuB = cpuSeconds(start);
        cpuOnDemand += cpuA;
        cpuFull += cpuB;
        parsed += onDemand.stats.filesParsed;
        total += onDemand.stats.filesTotal;
        const verdicts = packs.map((p, i) => ({ format: p.format, ...compareDigests(full.results[i]!.content, onDemand.results[i]!.content, p.format) }));
        const worst = verdicts.find((v) => v.verdict === 'different') ?? verdicts.find((v) => v.verdict === 'lower-bound') ?? verdicts[0]!;
        if (worst.verdict === 'identical') tally.identical++;
        else if (worst.verdict === 'lower-bound') tally.lowerBound++;
        else tally.different++;
        const files = `${onDemand.stats.filesParsed}/${onDemand.stats.filesTotal} files, ${onDemand.stats.rounds} rounds`;
        const cpu = `cpu ${cpuA.toFixed(2)}s vs ${cpuB.toFixed(2)}s`;
        const detail = worst.verdict === 'identical' ? '' : ` (${worst.format}) ${worst.firstDifference ?? ''}`;
        console.log(`${short} ${worst.verdict.padEnd(11)} ${files}, ${cpu}${detail}`);
      } catch (error) {
        tally.failed++;
        console.log(`${short} failed: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const runs = tally.identical + tally.lowerBound + tally.different;
  console.log(
    `\n${repo}: ${runs} commits x 3 formats at budget ${options.budget}: ${tally.identical} identical, ${tally.lowerBound} identical but the not-considered count, ` +
      `${tally.different} different, ${tally.failed} failed; files parsed on demand ${parsed} of ${total} (${total === 0 ? 0 : Math.round((100 * parsed) / total)}%); ` +
      `CPU on demand ${cpuOnDemand.toFixed(1)} s vs full ${cpuFull.toFixed(1)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(`eval-ondemand: ${(error as Error).message}`);
  process.exit(1);
});
