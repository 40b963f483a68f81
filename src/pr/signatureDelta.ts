// A long signature change as a reader wants it: the parameters that changed, the unchanged ones around
// them folded into `…` (pure).
//
// Decision: a header of more than MAX_CHARS characters on either side is shown from its first to its
// last differing parameter; the name, the brackets and the return annotation always stay. A change to
// one default of a method with twenty-odd parameters would otherwise print both long headers in full,
// twice (the signature list and the code heading), a large share of a small digest, to say what one
// `enable_async: bool = False` -> `= missing` pair says.
// Short headers stay whole: there the whole header is the clearest statement. JSON keeps both whole.
import { closingBracket, splitTopLevel } from '../python/extractText.js';

/** Either header longer than this (characters) is folded. */
export const MAX_CHARS = 160;

interface Header {
  open: string;
  params: string[];
  close: string;
}

/** `def f(a, b=1) -> X:` -> open `def f(`, params [`a`, `b=1`], close `) -> X:`; undefined when unbalanced. */
function splitHeader(text: string): Header | undefined {
  const start = text.indexOf('(');
  if (start < 0) return undefined;
  const end = closingBracket(text, start);
  if (end < 0) return undefined;
  const params = splitTopLevel(text.slice(start + 1, end - 1), ',').map((p) => p.trim());
  // `()` and a trailing comma leave one empty piece at the end.
  if (params.at(-1) === '') params.pop();
  return { open: text.slice(0, start + 1), params, close: text.slice(end - 1) };
}

/** Both headers with their common leading and trailing parameters folded, when either is long. */
export function signatureDelta(before: string, after: string): { before: string; after: string } {
  if (before.length <= MAX_CHARS && after.length <= MAX_CHARS) return { before, after };
  const a = splitHeader(before);
  const b = splitHeader(after);
  if (!a || !b) return { before, after };
  let lead = 0;
  while (lead < a.params.length && lead < b.params.length && a.params[lead] === b.params[lead]) lead++;
  let tail = 0;
  while (tail < a.params.length - lead && tail < b.params.length - lead && a.params[a.params.length - 1 - tail] === b.params[b.params.length - 1 - tail]) tail++;
  if (lead === 0 && tail === 0) return { before, after };
  const fold = (h: Header): string => {
    const middle = h.params.slice(lead, h.params.length - tail);
    const parts = [...(lead > 0 ? ['…'] : []), ...middle, ...(tail > 0 ? ['…'] : [])];
    // Two folds with nothing between them are one.
    return `${h.open}${parts.filter((p, i) => !(p === '…' && parts[i - 1] === '…')).join(', ')}${h.close}`;
  };
  return { before: fold(a), after: fold(b) };
}
