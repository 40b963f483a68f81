// The only import of the tree-sitter binding: swapping bindings is a one-file change.
//
// Why web-tree-sitter (WASM) and not the native binding: the native linux-x64 prebuilt needs
// GLIBCXX_3.4.31 (fails on Debian 12 / Ubuntu 22.04-class runners), bundlers cannot carry
// node-gyp-build binaries into dist/, and with queries doing the matching inside WASM the end-to-end
// cost of parse + captures is about the same.
//
// Both .wasm files are read as bytes from disk: next to the running bundle (dist/) first, then from
// node_modules when running from source. Nothing is fetched, and the working directory never matters.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node, Tree } from 'web-tree-sitter';
import { Language, Parser, Query } from 'web-tree-sitter';
import { boundIndentation } from './indentGuard.js';

export type { Node as SyntaxNode, Query as CompiledQuery, Tree as SyntaxTree } from 'web-tree-sitter';

const RUNTIME_WASM = 'tree-sitter.wasm';
const PYTHON_WASM = 'tree-sitter-python.wasm';

function locateWasm(fileName: string, packageSpecifier: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const besideBundle = join(here, fileName);
  if (existsSync(besideBundle)) return besideBundle;
  try {
    return createRequire(import.meta.url).resolve(packageSpecifier);
  } catch {
    throw new Error(
      `Cannot find ${fileName}: expected it beside ${here} or in node_modules (${packageSpecifier}). Reinstall dependencies or rebuild dist/.`,
    );
  }
}

export interface PythonParser {
  /**
   * Parse source text; the caller must `delete()` the tree when done. Indentation wider than the
   * grammar's scanner can hold is narrowed first (indentGuard.ts); `onNarrowed` gets those lines.
   * Throws ParserTrapError if tree-sitter traps, and on every call after that; ParseTimeLimitError
   * if the parse runs past the per-file time limit (see PARSE_TIME_LIMIT_MS).
   */
  parse(source: string, onNarrowed?: (lines: readonly number[]) => void): Tree;
  /** A compiled query over the Python grammar, compiled once per pattern text. */
  query(pattern: string): Query;
  /** Records a trap seen outside `parse` (in a query): later parses fail too. Returns the error to throw. */
  poison(trap: Error): ParserTrapError;
}

/**
 * The per-file parse time limit, in CPU time. tree-sitter's error recovery is quadratic in the length
 * of one line full of error tokens (a very long line of mojibake in an unterminated string can take
 * minutes; `'x = ' + 'a$'.repeat(n)` takes four times as long at each doubling of n). The work per
 * progress callback grows with the line, so counting callbacks cannot bound it: only time can. The
 * limit is far above what any real file takes, large generated ones included, so only pathological
 * files are skipped, each with its reason.
 * `REPODIGEST_PARSE_TIME_LIMIT_MS` overrides it (tests; a very slow machine).
 */
export const PARSE_TIME_LIMIT_MS = 10_000;

/** How often, in elapsed time, a running parse reads the CPU clock against its limit. */
const CPU_READ_INTERVAL_MS = 20;

/**
 * The process's CPU time, not the clock: on a loaded machine the clock runs many times faster than
 * the parse, and a wall-clock limit would make output depend on how busy the machine is (a file that
 * parses in time alone could be skipped in a crowded run). Each read is a system call, so a running
 * parse reads it at most once per CPU_READ_INTERVAL_MS of elapsed time (see parse).
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function parseTimeLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.REPODIGEST_PARSE_TIME_LIMIT_MS;
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : PARSE_TIME_LIMIT_MS;
}

let loading: Promise<PythonParser> | undefined;

/** Load the runtime and grammar once per process; later calls share the same parser. */
export function loadPythonParser(): Promise<PythonParser> {
  loading ??= createPythonParser();
  return loading;
}

async function createPythonParser(): Promise<PythonParser> {
  const runtimeBytes = readFileSync(locateWasm(RUNTIME_WASM, 'web-tree-sitter/tree-sitter.wasm'));
  await Parser.init({ wasmBinary: runtimeBytes } as unknown as Parameters<typeof Parser.init>[0]);
  const language = await Language.load(
    new Uint8Array(readFileSync(locateWasm(PYTHON_WASM, 'tree-sitter-python/tree-sitter-python.wasm'))),
  );
  const parser = new Parser();
  parser.setLanguage(language);
  const compiled = new Map<string, Query>();
  let trapped: string | undefined;
  const poison = (trap: Error): ParserTrapError => {
    trapped ??= trap.message;
    return new ParserTrapError(`tree-sitter failed inside WASM (${trap.message}); later files are not parsed in this run`);
  };
  return {
    parse(source: string, onNarrowed?: (lines: readonly number[]) => void): Tree {
      // A trap means tree-sitter wrote where it should not have: the WASM memory every parser shares
      // can no longer be trusted (a new Parser parsed plain code as ERROR nodes after the scanner
      // overrun of indentGuard.ts). So the file fails, and so does every later one, each with one line
      // that says why, instead of parsing on into wrong output.
      if (trapped !== undefined) throw new ParserTrapError(`not parsed: tree-sitter's memory was corrupted by an earlier file (${trapped}); run again`);
      const bounded = boundIndentation(source);
      if (bounded.narrowedLines.length > 0) onNarrowed?.(bounded.narrowedLines);
      let tree: Tree | null;
      const limitMs = parseTimeLimitMs();
      const deadline = cpuMs() + limitMs;
      let cancelled = false;
      // Returning true from the callback cancels the parse (web-tree-sitter's ParseOptions); the
      // callback's declared type says void, hence the cast.
      // The CPU clock is a system call that sums every thread's time (a large project makes hundreds of
      // thousands of callbacks): it is read at most once per CPU_READ_INTERVAL_MS of elapsed time, which
      // every 64th callback looks at, so a parse runs past its limit by that interval at most.
      let calls = 0;
      let nextRead = performance.now() + CPU_READ_INTERVAL_MS;
      const overLimit = (): boolean => {
        if ((++calls & 63) !== 0) return false;
        const now = performance.now();
        if (now < nextRead) return false;
        nextRead = now + CPU_READ_INTERVAL_MS;
        return cpuMs() > deadline;
      };
      const progressCallback = (() => (cancelled ||= overLimit())) as unknown as () => void;
      try {
        tree = parser.parse(bounded.text, null, { progressCallback });
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'RuntimeError') throw error;
        throw poison(error);
      }
      if (!tree) {
        // A cancelled parse resumes where it stopped on the next call unless the parser is reset.
        parser.reset();
        if (cancelled) throw new ParseTimeLimitError(`tree-sitter did not finish within ${limitMs / 1000} s of CPU time (error recovery on a very long line); file skipped`);
        throw new Error('tree-sitter returned no tree (parser has no language)');
      }
      return tree;
    },
    poison,
    query(pattern: string): Query {
      let q = compiled.get(pattern);
      if (!q) {
        q = new Query(language, pattern);
        compiled.set(pattern, q);
      }
      return q;
    },
  };
}

/** tree-sitter trapped inside WASM (on this file or an earlier one): the file is not analysed. */
export class ParserTrapError extends Error {
  override name = 'ParserTrapError';
}

/** The parse ran past the per-file time limit: the file is skipped with this reason; later files parse as usual. */
export class ParseTimeLimitError extends Error {
  override name = 'ParseTimeLimitError';
}

export function isNamedNode(node: Node | null | undefined): node is Node {
  return node != null;
}
