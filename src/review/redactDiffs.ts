// Redacts the changed symbols' diffs (read from git, not from the index, so the index's redaction
// does not reach them): every diff line, both sides, before any view of them is built. Lines are
// redacted one by one so that line numbers stay; a multi-line secret (a private-key block) is
// replaced line by line. Deleted lines are scanned too: a PR that removes a key must not print it.
import type { SymbolChangeInfo } from '../diff/symbolDiff.js';
import { addCounts, collectProviderSecrets, redactText } from './redact.js';
import type { IndexRedaction } from './redactIndex.js';

/** Redacts `infos` in place; returns what was replaced on deleted lines (head lines are counted by the index). */
export async function redactDiffs(infos: ReadonlyMap<string, SymbolChangeInfo>, redaction: IndexRedaction): Promise<Map<string, number>> {
  const sides: string[] = [];
  for (const info of infos.values()) {
    sides.push(info.lines.filter((l) => l.tag !== '+').map((l) => l.text).join('\n'));
    sides.push(info.lines.filter((l) => l.tag !== '-').map((l) => l.text).join('\n'));
  }
  const table = await collectProviderSecrets(sides, new Map(redaction.table));
  // Each line of a multi-line value on its own: diff lines are redacted one at a time.
  const lineTable = new Map<string, string>();
  for (const [value, kind] of table) {
    for (const part of value.split('\n')) if (part.trim().length >= 8 && !lineTable.has(part)) lineTable.set(part, kind);
  }
  const removedCounts = new Map<string, number>();
  for (const info of infos.values()) {
    for (const line of info.lines) {
      const r = redactText(line.text, lineTable);
      if (r.counts.size === 0) continue;
      line.text = r.text;
      if (line.tag === '-') addCounts(removedCounts, r.counts);
    }
    if (info.signature) {
      info.signature = { before: redactText(info.signature.before, lineTable).text, after: redactText(info.signature.after, lineTable).text };
    }
  }
  return removedCounts;
}
