// The only import of the tree-sitter binding: swapping bindings is a one-file change.
//
// Why web-tree-sitter (WASM) and not the native binding: the native linux-x64 prebuilt needs
// GLIBCXX_3.4.31 (fails on Debian 12 / Ubuntu 22.04-class runners), bundlers cannot carry
// node-gyp-build binaries into dist/, and with queries doing the matching inside WASM the end-to-end
// cost is the same (Django 3.2: 1.30 s WASM vs 1.29 s native for parse + captures).
//
// Both .wasm files are read as bytes from disk: next to the running bundle (dist/) first, then from
// node_modules when running from source. Nothing is fetched, and the working directory never matters.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser, Query } from 'web-tree-sitter';
import type { Node, Tree } from 'web-tree-sitter';

export type { Node as SyntaxNode, Tree as SyntaxTree, Query as CompiledQuery } from 'web-tree-sitter';

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
  /** Parse source text; the caller must `delete()` the tree when done. */
  parse(source: string): Tree;
  /** A compiled query over the Python grammar, compiled once per pattern text. */
  query(pattern: string): Query;
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
  const fresh = (): Parser => {
    const p = new Parser();
    p.setLanguage(language);
    return p;
  };
  let parser = fresh();
  const compiled = new Map<string, Query>();
  return {
    parse(source: string): Tree {
      let tree: Tree | null = null;
      // A trap inside WASM ("memory access out of bounds", seen by the fuzzer now and then after
      // hundreds of parses, on files that parse fine in a fresh process) leaves the parser broken:
      // every later file would fail too, and the same bytes would index differently from run to run.
      // So the parser is replaced and the file parsed once more; a second trap is the file's reason.
      for (let attempt = 1; tree === null; attempt++) {
        try {
          tree = parser.parse(source);
          if (!tree) throw new Error('tree-sitter returned no tree (parser has no language)');
        } catch (error) {
          if (!(error instanceof Error) || error.name !== 'RuntimeError') throw error;
          try {
            parser.delete();
          } catch {
            // The old parser is beyond use either way.
          }
          parser = fresh();
          if (attempt >= 2) throw new Error(`tree-sitter failed on this file (${error.message}); the parser was reset`);
        }
      }
      return tree;
    },
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

export function isNamedNode(node: Node | null | undefined): node is Node {
  return node != null;
}
