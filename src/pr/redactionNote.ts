// The PR header's line saying that credentials were replaced, said only when the document shows one:
// a line in every header, whatever the code shown, reads as if something in view was hidden.
//
// Code carries `<redacted: KIND>` from the index (review/redactIndex.ts). A name (path, id, title)
// carries its secret value until the renderer's last pass (render/namesRedacted.ts), so a text shows a
// redaction when it holds a placeholder or one of the values that pass will replace.
import type { DigestItem } from '../pack/document.js';
import type { RedactionCount } from '../review/redact.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';

const CODE_PLACEHOLDER = '<redacted: ';

/** The header line (our own markdown) when the document shows a redaction, else undefined. */
export function redactionNote(
  counts: readonly RedactionCount[],
  shown: { items: readonly DigestItem[]; sections: readonly string[] },
  names: ReadonlyMap<string, string> | undefined,
): string | undefined {
  const texts = [...shown.sections, ...shown.items.flatMap((i) => [i.text, i.id, i.file])];
  const values = [...(names?.keys() ?? [])];
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const parts: string[] = [];
  if (total > 0 && texts.some((t) => t.includes(CODE_PLACEHOLDER))) {
    parts.push(`${plural(total, 'secret')} in the analysed code replaced by ${codeSpan('<redacted: KIND>')} (${counts.map((c) => `${c.kind} ${c.count}`).join(', ')})`);
  }
  if (values.some((v) => texts.some((t) => t.includes(v)))) parts.push(`credentials in names replaced by ${codeSpan('[redacted: KIND]')}`);
  return parts.length === 0 ? undefined : `Redacted: ${parts.join('; ')}.`;
}
