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

interface Shows {
  code: boolean;
  name: boolean;
}

// The packer asks for the header at every render while it packs: each packed item is read once.
const itemShows = new WeakMap<DigestItem, Shows>();

function showsIn(texts: readonly string[], values: readonly string[]): Shows {
  return { code: texts.some((t) => t.includes(CODE_PLACEHOLDER)), name: values.some((v) => texts.some((t) => t.includes(v))) };
}

/** The header line (our own markdown) when the document shows a redaction, else undefined. */
export function redactionNote(
  counts: readonly RedactionCount[],
  shown: { items: readonly DigestItem[]; sections: readonly string[] },
  names: ReadonlyMap<string, string> | undefined,
): string | undefined {
  const values = [...(names?.keys() ?? [])];
  const all = [showsIn(shown.sections, values)];
  for (const item of shown.items) {
    let known = itemShows.get(item);
    if (known === undefined) itemShows.set(item, (known = showsIn([item.text, item.id, item.file], values)));
    all.push(known);
  }
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const parts: string[] = [];
  if (total > 0 && all.some((s) => s.code)) {
    parts.push(`${plural(total, 'secret')} in the analysed code replaced by ${codeSpan('<redacted: KIND>')} (${counts.map((c) => `${c.kind} ${c.count}`).join(', ')})`);
  }
  if (all.some((s) => s.name)) parts.push(`credentials in names replaced by ${codeSpan('[redacted: KIND]')}`);
  return parts.length === 0 ? undefined : `Redacted: ${parts.join('; ')}.`;
}
