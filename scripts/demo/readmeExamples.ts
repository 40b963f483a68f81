// The README's sample digest is real output: its first screen is the demo PR's digest up to the end
// of its changed-symbols table, and its ending the last lines (`npm run demo`, budget 3000). `npx tsx
// scripts/demo/readmeExamples.ts --write` regenerates both blocks from the sources;
// __tests__/cli/readmeExamples.test.ts fails when they drift.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';
import { DEMO_TITLE, makeDemoRepository, repoRoot } from './demoRepository.js';

export const README = join(repoRoot, 'README.md');
const FIRST = 'as\n`npm run demo` prints it:\n\n```markdown\n';
const LAST = 'It ends with:\n\n```markdown\n';

/** The demo PR's markdown digest, as `npm run demo` prints it. */
export async function demoDigest(): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'repodigest-demo-'));
  try {
    makeDemoRepository(work);
    let out = '';
    const code = await runCli(['pr', work, '--base', 'HEAD~1', '--head', 'HEAD', '--budget', '3000', '--title', DEMO_TITLE, '--no-cache'], { stdout: (t) => void (out += t), stderr: () => {} });
    if (code !== 0) throw new Error(`the demo digest failed (exit ${code})`);
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Block {
  start: number;
  end: number;
  lines: string[];
}

function block(readme: string, opener: string): Block {
  const at = readme.indexOf(opener);
  if (at < 0) throw new Error(`README.md has no block after ${JSON.stringify(opener)}`);
  const start = at + opener.length;
  const end = readme.indexOf('```\n', start);
  return { start, end, lines: readme.slice(start, end).replace(/\n$/, '').split('\n') };
}

/** The two README blocks as they are, and as the digest says they should be (same number of lines). */
export function readmeBlocks(readme: string, digest: string): { first: [string[], string[]]; last: [string[], string[]] } {
  const out = digest.replace(/\n$/, '').split('\n');
  const first = block(readme, FIRST);
  const last = block(readme, LAST);
  return { first: [first.lines, firstScreen(out)], last: [last.lines, out.slice(out.length - last.lines.length)] };
}

/** The digest's first screen: everything up to the end of the changed-symbols table. */
function firstScreen(out: readonly string[]): string[] {
  const table = out.findIndex((l) => l.startsWith('| Symbol | Change |'));
  if (table < 0) throw new Error('the demo digest has no changed-symbols table');
  let end = table;
  while (end < out.length && out[end]!.startsWith('|')) end++;
  return out.slice(0, end);
}

export function rewrittenReadme(readme: string, digest: string): string {
  const blocks = readmeBlocks(readme, digest);
  const last = block(readme, LAST);
  let text = `${readme.slice(0, last.start)}${blocks.last[1].join('\n')}\n${readme.slice(last.end)}`;
  const first = block(text, FIRST);
  text = `${text.slice(0, first.start)}${blocks.first[1].join('\n')}\n${text.slice(first.end)}`;
  return text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const digest = await demoDigest();
  const before = readFileSync(README, 'utf8');
  const after = rewrittenReadme(before, digest);
  if (process.argv.includes('--write')) writeFileSync(README, after);
  process.stdout.write(before === after ? 'README.md examples are current\n' : process.argv.includes('--write') ? 'README.md examples rewritten\n' : 'README.md examples are stale (run with --write)\n');
}
