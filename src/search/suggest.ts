// "Did you mean": the ids closest to what the user typed. A typo usually sits in the last segment
// (`pkg.mod.Clas.method`) or the user gives a bare name (`method`), so candidates are scored on the
// whole id and on its trailing segments alike, by edit distance; ties break by id for determinism.

export function closestIds(wanted: string, ids: readonly string[], limit = 3): string[] {
  const needle = wanted.toLowerCase();
  const scored: { id: string; score: number }[] = [];
  for (const id of ids) {
    const lower = id.toLowerCase();
    let best = editDistance(needle, lower);
    const parts = lower.split('.');
    for (let i = 1; i < parts.length; i++) {
      const tail = parts.slice(i).join('.');
      // A matching tail is a near miss of the full id: cost what the prefix would have.
      best = Math.min(best, editDistance(needle, tail) + (tail === needle ? 0 : 1));
    }
    if (lower.endsWith(`.${needle}`)) best = 0;
    scored.push({ id, score: best });
  }
  const cutoff = Math.max(3, Math.floor(needle.length / 2));
  return scored
    .filter((s) => s.score <= cutoff)
    .sort((a, b) => a.score - b.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map((s) => s.id);
}

/** Levenshtein distance with two rolling rows; strings here are short identifiers. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, () => 0);
  let current = Array.from({ length: b.length + 1 }, () => 0);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}
