// Redaction of names: file paths, symbol ids, test node ids and the PR title carry a credential as
// easily as code does (`app/ghp_….py`, `def AKIA…()`), and they reach every output outside code
// blocks: headings, tables, call-site lists, Mermaid labels, JSON and XML fields, the viewer, step
// outputs. Code is redacted in the index (redactIndex.ts); names stay intact inside the pipeline (they
// are keys: a rewritten path would no longer match git's), and every output text is passed through
// `redactNames` last, with the exact values found in names and in code.
//
// The placeholder in names is `[redacted: KIND]`, not code's `<redacted: KIND>`: it lands in XML
// attributes, markdown text and Mermaid labels, where `<` would be markup, so it uses no character
// any of those formats reads.
import { collectProviderSecrets, ruleSecrets, type SecretTable } from './redact.js';

/** The shortest value replaced everywhere (secretlint's table keeps the same floor). */
const MIN_VALUE_LENGTH = 8;

export function namePlaceholder(kind: string): string {
  return `[redacted: ${kind}]`;
}

/**
 * The secret values in `names` (paths, titles), by secretlint's provider rules and this project's own,
 * added to a copy of `table` (the values found in code, which names may repeat).
 */
export async function nameSecrets(names: Iterable<string>, table: SecretTable = new Map()): Promise<Map<string, string>> {
  const all = new Map(table);
  const texts = linesOf([...names], NAMES_PER_TEXT);
  await collectProviderSecrets(texts, all);
  // Replaced wherever it occurs, so a value must be long enough not to be a common word: a URL
  // password `a` in a title would otherwise turn every `a` of the digest into a placeholder.
  for (const text of texts) for (const [value, kind] of ruleSecrets(text)) if (value.length >= MIN_VALUE_LENGTH && !all.has(value)) all.set(value, kind);
  return all;
}

/**
 * Names are read as texts of this many lines: a large tree's million symbol ids joined into one text
 * of tens of MB made secretlint index it whole, on a heap the records already fill. A value never
 * spans two names, and both passes keep the order of the names, so the table is the one a single text
 * gives.
 */
const NAMES_PER_TEXT = 5000;

function linesOf(names: readonly string[], perText: number): string[] {
  const texts: string[] = [];
  for (let i = 0; i < names.length; i += perText) texts.push(names.slice(i, i + perText).join('\n'));
  return texts;
}

/** `text` with every value of `table` replaced by its name placeholder (longest first, so no value is left half-replaced). */
export function redactNames(text: string, table: SecretTable): string {
  if (table.size === 0) return text;
  const values = [...table.keys()].filter((v) => text.includes(v)).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const value of values) text = text.split(value).join(namePlaceholder(table.get(value)!));
  return text;
}
