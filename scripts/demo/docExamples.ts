// The console examples of docs/ are real output: each ```console block starts with one command line,
// `$ node dist/cli.js <arguments>` (optionally `| head -n N` or `| tail -n N`), and the rest of the
// block is what that command prints to stdout, as piped (plain tables). `npx tsx
// scripts/demo/docExamples.ts --write` reruns every command through the CLI in this process and
// rewrites the blocks; __tests__/cli/docExamples.test.ts fails when one drifts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';
import { repoRoot } from './demoRepository.js';

const DOCS = join(repoRoot, 'docs');
const BLOCK = /```console\n\$ node dist\/cli\.js ([^\n]*)\n([\s\S]*?)```\n/g;
const CUT = /\s*\|\s*(head|tail) -n (\d+)\s*$/;

/** Splits a command line into arguments: spaces separate, double quotes group (no escapes inside). */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** What `node dist/cli.js <line>` prints to stdout, run from the repository root, cut as the line says. */
export async function exampleOutput(line: string): Promise<string> {
  const cut = CUT.exec(line);
  const args = words(cut ? line.slice(0, cut.index) : line).map((a) => (a.startsWith('examples/') ? join(repoRoot, a) : a));
  let out = '';
  const code = await runCli([...args, '--no-cache'], { stdout: (t) => void (out += t), stderr: () => {} });
  if (code !== 0) throw new Error(`docs example failed (exit ${code}): ${line}`);
  const lines = out.replace(/\n$/, '').split('\n');
  const n = cut ? Number(cut[2]) : lines.length;
  const kept = cut?.[1] === 'head' ? lines.slice(0, n) : lines.slice(lines.length - n);
  return `${kept.join('\n').split(repoRoot).join('.')}\n`;
}

/** Every docs file's console examples, as written and as the commands print them now. */
export async function docExamples(): Promise<{ file: string; command: string; written: string; printed: string }[]> {
  const found: { file: string; command: string; written: string; printed: string }[] = [];
  for (const name of readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort()) {
    const text = readFileSync(join(DOCS, name), 'utf8');
    for (const m of text.matchAll(BLOCK)) found.push({ file: name, command: m[1]!, written: m[2]!, printed: await exampleOutput(m[1]!) });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const write = process.argv.includes('--write');
  let stale = 0;
  for (const name of readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort()) {
    const path = join(DOCS, name);
    const text = readFileSync(path, 'utf8');
    let out = '';
    let at = 0;
    for (const m of text.matchAll(BLOCK)) {
      const printed = await exampleOutput(m[1]!);
      if (printed !== m[2]) stale++;
      out += `${text.slice(at, m.index)}\`\`\`console\n$ node dist/cli.js ${m[1]}\n${printed}\`\`\`\n`;
      at = m.index + m[0].length;
    }
    if (write && at > 0) writeFileSync(path, out + text.slice(at));
  }
  process.stdout.write(stale === 0 ? 'docs examples are current\n' : write ? `${stale} docs examples rewritten\n` : `${stale} docs examples are stale (run with --write)\n`);
}
