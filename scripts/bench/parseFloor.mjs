// The parse-only floor as a process of its own (scripts/ondemand-measure.sh): load the same WASM
// tree-sitter the CLI bundle loads, then read + parse + free every .py file under a folder. The same
// work as the bench's "parse-only" phase, plus process start-up and the walk, like the CLI pays.
//
//   node scripts/bench/parseFloor.mjs <build dir with tree-sitter*.wasm> <folder>
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [buildDir, root] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { Parser, Language } = require('web-tree-sitter');
await Parser.init({ wasmBinary: readFileSync(join(buildDir, 'tree-sitter.wasm')) });
const parser = new Parser();
parser.setLanguage(await Language.load(new Uint8Array(readFileSync(join(buildDir, 'tree-sitter-python.wasm')))));

let files = 0;
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile() && entry.name.endsWith('.py')) {
      parser.parse(readFileSync(path, 'utf8')).delete();
      files++;
    }
  }
};
walk(root);
console.log(`${files} files parsed`);
