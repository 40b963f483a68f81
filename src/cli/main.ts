// The CLI: a thin shell over pipeline/. argv -> validated options -> pipeline -> stdout or --output.
// Exit codes: 0 success, 2 usage error, 3 a failed `--fail-on` gate, 1 any other failure. Errors are
// one line on stderr; the stack only with --debug. Skipped files are listed on stderr so nothing is
// lost silently.
import { basename, resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { defaultBase } from '../diff/defaultBase.js';
import { DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import { RESOLUTION_FILTERS } from '../graph/adjacency.js';
import { BudgetTooSmallError } from '../pack/packer.js';
import { DEFAULT_BUDGET } from '../pipeline/runOptions.js';
import { FAIL_ON_VALUES, failureFor } from '../review/failOn.js';
import { redactNames } from '../review/redactNames.js';
import { exitCodeFor, formatError, GateFailure, UsageError } from '../shared/errors.js';
import { packageVersion } from '../shared/packageInfo.js';
import { graphCommandChunks, writeViewerHtml } from './commands/graph.js';
import { runPackCommand } from './commands/pack.js';
import { runPrCommand } from './commands/pr.js';
import { renderSearchCommand } from './commands/search.js';
import type { PackFlags, ScanFlags } from './flags.js';
import { packSettingsFrom } from './flags.js';
import { type CliIo, defaultIo, progressFor } from './io.js';
import { type ListFormat, parseChoice, parsePositiveInteger } from './options.js';
import { writeOutputFile } from './outputFile.js';
import { redactedIo } from './redactedIo.js';
import { scanWithReport } from './scan.js';

const PATH_HELP = 'the repository, or a folder inside it, to analyse';

/** The `Examples:` block under a command's help. */
function examples(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function withScanOptions(command: Command): Command {
  return command
    .option('--include <glob>', 'only analyse files matching this glob (repeatable, comma-separated)', collect)
    .option('--exclude <glob>', 'skip files matching this glob (repeatable, comma-separated)', collect)
    .option('--max-file-bytes <n>', 'skip .py files larger than this', String(DEFAULT_MAX_FILE_BYTES))
    .option('--parameter-flow', 'also follow objects passed as arguments into parameters used as receivers, doc.save() (slower; calls of parameters, cb(), are always followed)')
    .option('--no-redact', 'keep credentials found in the code instead of replacing them by <redacted: KIND>')
    .option('--cache-dir <dir>', 'reuse per-file analysis results kept in this folder (default: $XDG_CACHE_HOME/repodigest or ~/.cache/repodigest)')
    .option('--no-cache', 'analyse every file afresh and keep nothing')
    .option('--debug', 'print stack traces for unexpected errors')
    .option('--quiet', 'no progress line on the terminal (it only ever appears on a terminal, outside CI, after 2 s)');
}

/** The text to stdout, or to the `--output` file, names' secrets replaced in both. */
function emit(text: string, output: string | undefined, io: CliIo, secrets: ReadonlyMap<string, string> | undefined): void {
  if (output) {
    writeOutputFile('--output', output, secrets === undefined ? text : redactNames(text, secrets));
    io.stderr(`wrote ${output}\n`);
  } else {
    io.stdout(text);
  }
}

export function buildProgram(io: CliIo = defaultIo): Command {
  const program = new Command('repodigest')
    .description('Deterministic, token-budgeted code context for Python repositories.')
    .version(packageVersion, '-v, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  withScanOptions(
    program
      .command('graph')
      .addHelpText('after', examples(['repodigest graph', 'repodigest graph src --format json > graph.json', 'repodigest graph . --callers pkg.mod.func', 'repodigest graph . --html graph.html']))
      .argument('[path]', PATH_HELP, '.')
      .description('list symbols and call-graph edges')
      .addOption(new Option('--format <format>', 'table or json').default('table'))
      .addOption(new Option('--resolution <which>', 'resolved edges only, or all').default('all'))
      .option('--callers <id>', 'list the callers of a symbol with their call sites')
      .option('--callees <id>', 'list the callees of a symbol with their call sites')
      .option('--html <file>', 'write an interactive graph viewer (one self-contained HTML file) instead'),
  ).action(async (path: string, flags: ScanFlags & { format: string; resolution: string; callers?: string; callees?: string; html?: string }) => {
    if (flags.callers !== undefined && flags.callees !== undefined) throw new UsageError('Pass either --callers or --callees, not both');
    const format = parseChoice<ListFormat>('--format', flags.format, ['table', 'json']);
    const resolution = parseChoice('--resolution', flags.resolution, RESOLUTION_FILTERS);
    const progress = progressFor(io, flags);
    // Only the viewer shows code (signatures, docstrings): the other outputs let the scan drop it (python/dropText.ts).
    const index = await scanWithReport(path, flags, io, progress, flags.html !== undefined);
    const out = redactedIo(io, index.secrets);
    progress.phase('render');
    if (flags.html !== undefined) {
      const written = await writeViewerHtml(index, flags.html, { title: `Call graph of ${basename(resolve(path))}`, notes: [] });
      progress.done();
      out.stderr(written);
      return;
    }
    const chunks = graphCommandChunks(index, {
      format,
      resolution,
      ...(flags.callers !== undefined ? { callers: flags.callers } : {}),
      ...(flags.callees !== undefined ? { callees: flags.callees } : {}),
      terminal: io.terminal === true,
    });
    progress.done();
    for (const chunk of chunks) out.stdout(chunk);
  });

  withScanOptions(
    program
      .command('search')
      .addHelpText('after', examples(["repodigest search --query 'where are sessions refreshed?'", 'repodigest search src --query "$(cat bug-report.txt)" --top 5 --format json']))
      .argument('[path]', PATH_HELP, '.')
      .description('rank symbols against a plain-English question or bug report (its identifiers, paths and traceback frames, then BM25F over names, signatures, docstrings and bodies)')
      .requiredOption('--query <text>', 'what to look for')
      .option('--top <k>', 'how many results', '10')
      .addOption(new Option('--format <format>', 'table or json').default('table')),
  ).action(async (path: string, flags: ScanFlags & { query: string; top: string; format: string }) => {
    const top = parsePositiveInteger('--top', flags.top);
    const format = parseChoice<ListFormat>('--format', flags.format, ['table', 'json']);
    const progress = progressFor(io, flags);
    const index = await scanWithReport(path, flags, io, progress);
    progress.phase('render');
    const text = renderSearchCommand(index, flags.query, top, format, io.terminal === true);
    progress.done();
    redactedIo(io, index.secrets).stdout(text);
  });

  withPackOptions(
    withScanOptions(
      program
        .command('pack')
      .addHelpText('after', examples(['repodigest pack --entry pkg.mod.Class.method', 'repodigest pack --entry pkg/mod.py --budget 4000 --format xml', "repodigest pack --query 'how is the cache invalidated?' --output context.md"]))
      .argument('[path]', PATH_HELP, '.')
        .description('pack the code around a symbol, a file or a query into a token budget')
        .option('--entry <id-or-file>', 'a symbol id (pkg.mod.Class.method) or a file path')
        .option('--query <text>', 'plain-English question; roots at its best search hit (and up to two near-ties)'),
    ),
  ).action(async (path: string, flags: PackFlags & { entry?: string; query?: string }) => {
    if ((flags.entry === undefined) === (flags.query === undefined)) {
      throw new UsageError('Pass exactly one of --entry or --query');
    }
    const settings = packSettingsFrom(flags);
    const progress = progressFor(io, flags);
    const index = await scanWithReport(path, flags, io, progress);
    const target = flags.entry !== undefined ? { entry: flags.entry } : { query: flags.query as string };
    progress.phase('pack');
    const result = runPackCommand(index, target, settings);
    progress.done();
    const out = redactedIo(io, index.secrets);
    emit(result.text, flags.output, out, index.secrets);
    for (const line of result.warnings) out.stderr(`${line}\n`);
  });

  withPackOptions(
    withScanOptions(
      program
        .command('pr')
      .addHelpText('after', examples(['repodigest pr', 'repodigest pr --base origin/main --budget 6000 --output digest.md', 'repodigest pr services/api --base v1.2.0 --format json', 'repodigest pr --fail-on breaking --html impact.html']))
      .argument('[path]', PATH_HELP, '.')
        .description('digest a change: roots are the symbols changed between --base and --head (local git)')
        .option('--base <rev>', 'base revision; the merge base with head is used (default: origin/HEAD, else main or master)')
        .option('--head <rev>', 'head revision', 'HEAD')
        .option('--title <text>', 'title shown in the digest header')
        .option('--no-mermaid', 'leave the Mermaid call graph out of the digest (it is never in the XML one)')
        .option('--html <file>', "also write the change's impact as an interactive graph viewer (HTML)")
        .option('--fail-on <when>', 'exit 3 after writing the digest when a call site is likely broken: none or breaking', 'none')
        .option('--on-demand', 'parse only the Python files the digest can need instead of every file (the digest is the same; with --html every file is parsed, for the viewer)'),
    ),
  ).action(async (path: string, flags: PackFlags & { base?: string; head: string; title?: string; mermaid?: boolean; html?: string; failOn: string; onDemand?: boolean }) => {
    const failOn = parseChoice('--fail-on', flags.failOn, FAIL_ON_VALUES);
    const base = flags.base ?? (await defaultBase(path));
    if (base === undefined) throw new UsageError('No --base given, and none of origin/HEAD, origin/main, origin/master, main or master exists', 'pass --base <rev>');
    if (flags.base === undefined) io.stderr(`base: ${base} (no --base given)\n`);
    const result = await runPrCommand(path, { ...flags, base }, io);
    const out = redactedIo(io, result.secrets);
    emit(result.text, flags.output, out, result.secrets);
    for (const line of result.warnings) out.stderr(`${line}\n`);
    const failure = failureFor(failOn, result.breaking);
    if (failure) throw new GateFailure(failure);
  });

  return program;
}

function withPackOptions(command: Command): Command {
  return command
    .option('--budget <tokens>', 'token budget for the whole rendered output (the Action\'s default too)', String(DEFAULT_BUDGET))
    .addOption(new Option('--format <format>', 'markdown, xml or json').default('markdown'))
    .option('--signatures-only', 'render non-root symbols as signatures (decorators, header, docstring)')
    .addOption(new Option('--encoding <name>', 'o200k_base or cl100k_base').default('o200k_base'))
    .addOption(new Option('--resolution <which>', 'follow resolved edges only, or all').default('all'))
    .option('--output <file>', 'write the result to a file instead of stdout');
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can call it in-process. */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const program = buildProgram(io);
  const debug = argv.includes('--debug');
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0; commander already printed its message.
      return error.exitCode === 0 ? 0 : 2;
    }
    // A budget too small for even an empty digest is the value the user passed: a usage error, worded for the CLI.
    if (error instanceof BudgetTooSmallError) {
      io.stderr(`error: ${error.problem} (raise --budget)\n`);
      return 2;
    }
    io.stderr(`${formatError(error, debug)}\n`);
    return exitCodeFor(error);
  }
}
