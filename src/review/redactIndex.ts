// Redacts the code an index holds, before anything is packed or rendered (render/redact.ts says
// what is caught). Every symbol's text (full, signature, docstring) is replaced in place, so token
// counts, packing and every output format see only the redacted text and the budget stays exact.
//
// Counting: a file's text is covered once by its module symbol (module-level code) plus its
// top-level definitions, so the counts are secrets in the analysed files, each counted once. Only
// files with a hit have their nested symbols rewritten.
import type { RepoIndex } from '../model.js';
import { addCounts, collectProviderSecrets, type RedactionCount, redactText, type SecretTable, sortedCounts } from './redact.js';
import { nameSecrets } from './redactNames.js';

export interface IndexRedaction {
  /** Exact values found by the provider rules (to redact other texts of the same run, e.g. diffs). */
  table: SecretTable;
  counts: RedactionCount[];
}

export async function redactIndex(index: RepoIndex): Promise<IndexRedaction> {
  const covering = new Map<string, string[]>(); // file -> texts that cover it once
  for (const file of index.files) {
    const texts: string[] = [];
    for (const s of file.symbols) if (s.kind === 'module' || s.parent === file.module) texts.push(s.full);
    covering.set(file.path, texts);
  }
  // Values in file names and symbol ids join the table: a token that names a file is redacted in its code too, and
  // the table is what every output's names are filtered with (index.secrets, redactNames.ts).
  const codeTable = await collectProviderSecrets([...covering.values()].flat());
  const table = await nameSecrets([...index.files.map((f) => f.path), ...index.skippedFiles.map((f) => f.path), ...index.symbols.map((s) => s.id)], codeTable);
  index.secrets = table;
  const counts = new Map<string, number>();
  const hitFiles = new Set<string>();
  for (const [path, texts] of covering) {
    for (const text of texts) {
      const found = redactText(text, table).counts;
      if (found.size === 0) continue;
      addCounts(counts, found);
      hitFiles.add(path);
    }
  }
  // The files' records and byId may hold different objects for one symbol (ids re-rooted at assembly).
  const touched = new Set(index.files.filter((f) => hitFiles.has(f.path)).flatMap((f) => f.symbols));
  for (const s of index.byId.values()) if (hitFiles.has(s.file)) touched.add(s);
  for (const s of touched) {
    s.full = redactText(s.full, table).text;
    s.signature = redactText(s.signature, table).text;
    if (s.docstring !== undefined) s.docstring = redactText(s.docstring, table).text;
    for (const p of s.params) if (p.default !== undefined) p.default = redactText(`${p.name}=${p.default}`, table).text.slice(p.name.length + 1);
  }
  return { table, counts: sortedCounts(counts) };
}
