// The parse-only floor as a whole process: read every .py file under a root (the order and skip rules
// of a plain walk: hidden folders left out) and parse it with the same WASM tree-sitter the CLI
// bundles, then free the tree. Nothing else: no queries, no records, no output but one count line.
// Plain Node (no tsx), so its start-up is as cheap as the bundled CLI's.
//
// Usage: node scripts/bench/parseOnlyProcess.mjs ROOT
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';

const require = createRequire(import.meta.url);
const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: node scripts/bench/parseOnlyProcess.mjs ROOT\n');
  process.exit(2);
}

function walk(dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === '__pycache__' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (entry.isFile() && entry.name.endsWith('.py')) found.push(path);
  }
  return found;
}

await Parser.init({ wasmBinary: readFileSync(require.resolve('web-tree-sitter/tree-sitter.wasm')) });
const language = await Language.load(new Uint8Array(readFileSync(require.resolve('tree-sitter-python/tree-sitter-python.wasm'))));
const parser = new Parser();
parser.setLanguage(language);
let files = 0;
for (const path of walk(root, []).sort()) {
  parser.parse(readFileSync(path, 'utf8'))?.delete();
  files++;
}
process.stdout.write(`${files} files parsed\n`);
