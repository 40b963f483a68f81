// The measures of `npm run eval:review` (pure): change coverage of a digest and of the plain diff cut
// at the same budget, duplicated code lines, and which call lines a digest shows.
//
// - Changed lines are those of `git diff -U0` on .py files: `+` lines (head) and `-` lines (base),
//   keyed by file. Only non-trivial ones count: not blank, not a comment alone, not a bracket or
//   quote line alone (`)`, `]:`, `"""`), since formatters move those around.
// - The digest shows a changed line when its text (trimmed) is among the code lines of its file's
//   section of the digest: `+` lines among diff `+` lines or plain code, `-` lines among diff `-` lines
//   or plain code (a removed symbol is shown as base code). Each digest line is used once. A `-` line not
//   shown in its own file counts when another file's section shows its text: a moved or renamed
//   symbol is shown once, at its new place, as a diff against its old body.
// - The plain diff is `git diff -U3` cut to the budget at a line boundary (tokens by src/pack/tokens.ts);
//   its changed lines are read back from the cut the same way.
// - A code line is duplicated when its file's section shows its text more often than the file holds it
//   (base and head counts added: a line can be shown once as `-` and once as `+`).

export type Tag = '+' | '-' | 'code';

export interface CodeLine {
  file: string;
  tag: Tag;
  text: string;
}

const TRIVIAL = /^(?:#.*|[)\]}]+[,:;]?|[)\]}]+\s*(?:->.*)?:|"""|'''|[rbuf]?"""|pass|\.\.\.|else:|try:|finally:)$/;

export function isTrivial(text: string): boolean {
  const t = text.trim();
  return t === '' || TRIVIAL.test(t);
}

/** Changed lines of a unified diff (any context), with the file each belongs to (head path; base path for deletions of a removed file). */
export function diffChangedLines(diff: string): CodeLine[] {
  const out: CodeLine[] = [];
  let file = '';
  let oldFile = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('--- ')) {
      oldFile = line.slice(4).replace(/^a\//, '');
      continue;
    }
    if (line.startsWith('+++ ')) {
      const path = line.slice(4);
      file = path === '/dev/null' ? oldFile : path.replace(/^b\//, '');
      continue;
    }
    if (line.startsWith('diff --git') || line.startsWith('@@') || line.startsWith('\\')) continue;
    if (line.startsWith('+')) out.push({ file, tag: '+', text: line.slice(1) });
    else if (line.startsWith('-')) out.push({ file: file || oldFile, tag: '-', text: line.slice(1) });
  }
  return out.filter((l) => !isTrivial(l.text));
}

/** The code lines of a markdown digest, by the file section they sit in (`## \`path\``). */
export function digestCodeLines(markdown: string): CodeLine[] {
  const out: CodeLine[] = [];
  let file = '';
  let fence: { marker: string; diff: boolean } | undefined;
  for (const line of markdown.split('\n')) {
    if (fence === undefined) {
      const heading = /^## `([^`]+)`\s*$/.exec(line);
      if (heading) file = heading[1]!;
      const open = /^(`{3,}|~{3,})(\w*)/.exec(line);
      if (open) fence = { marker: open[1]!, diff: open[2] === 'diff' };
      continue;
    }
    if (line.startsWith(fence.marker) && line.trim() === fence.marker) {
      fence = undefined;
      continue;
    }
    if (!fence.diff) out.push({ file, tag: 'code', text: line });
    else if (line.startsWith('+') || line.startsWith('-')) out.push({ file, tag: line[0] as Tag, text: line.slice(1) });
    else if (line.startsWith(' ')) out.push({ file, tag: 'code', text: line.slice(1) });
  }
  return out;
}

const key = (file: string, text: string) => `${file}\u0000${text.trim()}`;

/** How many of `changed` the digest's code lines show (see the top of the file). */
export function shownCount(changed: readonly CodeLine[], shown: readonly CodeLine[]): number {
  const pool = new Map<string, number>();
  const add = (tag: string, l: CodeLine) => pool.set(`${tag}${key(l.file, l.text)}`, (pool.get(`${tag}${key(l.file, l.text)}`) ?? 0) + 1);
  for (const l of shown) add(l.tag, l);
  const take = (tag: string, l: CodeLine): boolean => {
    const k = `${tag}${key(l.file, l.text)}`;
    const n = pool.get(k) ?? 0;
    if (n === 0) return false;
    pool.set(k, n - 1);
    return true;
  };
  // Digest lines of other files, by text: a moved symbol's old lines shown at its new place.
  const elsewhere = new Map<string, Map<string, number>>();
  for (const l of shown) {
    if (l.tag === '+') continue;
    const files = elsewhere.get(l.text.trim()) ?? new Map<string, number>();
    files.set(l.file, (files.get(l.file) ?? 0) + 1);
    elsewhere.set(l.text.trim(), files);
  }
  const takeElsewhere = (l: CodeLine): boolean => {
    const files = elsewhere.get(l.text.trim());
    const other = files === undefined ? undefined : [...files].find(([file, n]) => file !== l.file && n > 0)?.[0];
    if (other === undefined) return false;
    files!.set(other, files!.get(other)! - 1);
    return true;
  };
  let count = 0;
  const unmatched: CodeLine[] = [];
  for (const l of changed) {
    if (take(l.tag, l) || take('code', l)) count++;
    else if (l.tag === '-') unmatched.push(l);
  }
  for (const l of unmatched) if (takeElsewhere(l)) count++;
  return count;
}

/** The plain diff's lines that fit `budget` tokens, whole lines from the top. */
export function cutToBudget(diff: string, budget: number, count: (text: string) => number): string {
  const lines = diff.split('\n');
  if (count(diff) <= budget) return diff;
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (count(lines.slice(0, mid).join('\n')) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lines.slice(0, lo).join('\n');
}

/** Code lines beyond the times their file holds their text; `held(file, text)` counts base and head. */
export function duplicatedLines(shown: readonly CodeLine[], held: (file: string, text: string) => number): { lines: number; duplicated: number } {
  const seen = new Map<string, number>();
  let lines = 0;
  let duplicated = 0;
  for (const l of shown) {
    if (isTrivial(l.text) || l.text.trim() === '…') continue;
    lines++;
    const k = key(l.file, l.text);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    if (n > Math.max(1, held(l.file, l.text.trim()))) duplicated++;
  }
  return { lines, duplicated };
}

/** The call lines the "Call sites to check" list quotes (`path:line` in `caller`: `code`), as code lines of their file. */
export function listedCallLines(markdown: string): CodeLine[] {
  const out: CodeLine[] = [];
  // A file's sites are either one line each (`path:line` in `caller`: code) or under a line naming the
  // file (`path`:), each as `line in `caller`: code`.
  let file: string | undefined;
  for (const line of markdown.split('\n')) {
    const alone = /^\s+- `([^`]+):(\d+)` in `[^`]+`.*?: (`+) ?(.*?) ?\3$/.exec(line);
    const heading = /^ {2}- `([^`]+)`:$/.exec(line);
    const nested = /^ {4}- \d+ in `[^`]+`.*?: (`+) ?(.*?) ?\1$/.exec(line);
    if (alone) out.push({ file: alone[1]!, tag: 'code', text: alone[4]! });
    if (heading) file = heading[1];
    else if (nested && file !== undefined) out.push({ file, tag: 'code', text: nested[2]! });
    else if (!/^ {4}- /.test(line)) file = undefined;
  }
  return out;
}
