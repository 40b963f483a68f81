// Counts in text that people read: "1 callee", "2 callees". One helper so every message agrees.
//
// Decision: only regular English plurals are needed (every noun we count adds an `s`); an irregular
// one passes its plural explicitly. Non-finite numbers print as "?" (a count we could not compute),
// with the plural noun.

/** `n noun`, the noun in the singular when n is exactly 1: `plural(1, 'callee')` -> "1 callee". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  if (!Number.isFinite(n)) return `? ${pluralForm}`;
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

/** Just the noun for a count: `noun(1, 'symbol')` -> "symbol" (for "3 of 1 symbol"-style phrases). */
export function noun(n: number, singular: string, pluralForm = `${singular}s`): string {
  return n === 1 ? singular : pluralForm;
}

/** The first `max` items joined by commas, then `, … (N more)` for the rest: how notes name long lists. */
export function namedList(items: readonly string[], max = 5): string {
  const more = items.length > max ? `, … (${items.length - max} more)` : '';
  return `${items.slice(0, max).join(', ')}${more}`;
}
