// An edge's call-site lines. Most edges have one site, and the same one-line list recurs across a whole
// tree: those lists are one array per line number, shared by every edge that has it. They are frozen,
// because a shared list written to would change every edge holding it: writing one throws instead.

const oneLine = new Map<number, number[]>();

/** `lines` itself, or the shared list when it holds a single line. */
export function edgeLines(lines: number[]): number[] {
  if (lines.length !== 1) return lines;
  const line = lines[0]!;
  let known = oneLine.get(line);
  if (!known) oneLine.set(line, (known = Object.freeze([line]) as number[]));
  return known;
}
