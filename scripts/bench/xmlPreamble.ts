// Tokens of an XML PR digest's preamble (everything between <context> and the first <file>, <skipped>
// or <usage>), the whole document and the symbols packed, for each XML file given.
//   npx tsx scripts/bench/xmlPreamble.ts digest.xml [more.xml ...]
import { readFileSync } from 'node:fs';
import { createTokenCounter } from '../../src/pack/tokens.js';

const counter = createTokenCounter('o200k_base');
for (const file of process.argv.slice(2)) {
  const xml = readFileSync(file, 'utf8');
  const lines = xml.split('\n');
  const end = lines.findIndex((line, i) => i >= 2 && /^<(file |skipped|usage)/.test(line));
  const preamble = lines.slice(2, end < 0 ? lines.length : end).join('\n');
  const usage = /<usage used="(\d+)"[^>]*packed="(\d+)"/.exec(xml);
  console.log(`${file}\tpreamble ${counter.count(preamble)}\tdocument ${usage?.[1] ?? '?'}\tpacked ${usage?.[2] ?? '?'}`);
}
