// The digest as data: what the packer decided, in the order it decided it, ready for any renderer.
//
// Decisions:
// - Items keep pack order. Renderers group them by file, files in order of their first item, items
//   inside a file in pack order: the most relevant code (roots) comes first and the order is fully
//   determined by the pack, never by the file system.
// - The preamble is markdown written by someone else (the PR digest's header, changed-symbols table,
//   call sites, Mermaid graph). It is a function of the token usage because the PR header states it;
//   the packer calls it again for every render while it settles the exact figure.
// - `skipped` lists what the budget allowed; `skippedTotal` counts every skip, so a long tail never
//   costs more than one line ("… and N more").
// - Every renderer also yields the text one item, one file group and one skip line add: the packer
//   sums their token counts as its running estimate and verifies the final document.
import type { SymbolKind } from '../model.js';

export type PackMode = 'full' | 'signature';
export type PackDirection = 'root' | 'callee' | 'caller';
export type DigestFormat = 'markdown' | 'xml' | 'json';

export interface DigestItem {
  id: string;
  file: string;
  name: string;
  kind: SymbolKind;
  mode: PackMode;
  /** Tokens of `text` alone. */
  tokens: number;
  startLine: number;
  endLine: number;
  /** Hops from the nearest root in `direction` (0 for roots). */
  hop: number;
  direction: PackDirection;
  /** The code shown: the full source or the signature rendering. */
  text: string;
}

/** `tokens` is exact, or a lower bound when the reason says "at least" (the packer proved it cannot fit without counting). */
export interface DigestSkip {
  id: string;
  tokens: number;
  reason: string;
}

/** One row of the PR digest's changed symbols (issue 4), carried into the json output. */
export interface ChangedSymbolRow {
  id: string;
  file: string;
  name: string;
  change: 'added' | 'modified' | 'removed';
}

export interface TokenUsage {
  used: number;
  budget: number;
  encoding: string;
  packed: number;
  skipped: number;
}

export interface DigestDocument {
  title: string;
  /** Markdown sections placed between the title and the packed code. */
  preamble: readonly string[];
  budget: number;
  encoding: string;
  roots: readonly string[];
  changed?: readonly ChangedSymbolRow[];
  items: readonly DigestItem[];
  skipped: readonly DigestSkip[];
  skippedTotal: number;
  /** Token count of the whole rendered document; stated in its footer. */
  usedTokens: number;
}

export interface DocumentRenderer {
  readonly format: DigestFormat;
  render(doc: DigestDocument): string;
  /** Text one packed item adds to the document (estimate). */
  itemText(item: DigestItem): string;
  /** Text opening and closing one file group adds (estimate). */
  fileText(file: string): string;
  /** Text one listed skip adds (estimate). */
  skipText(skip: DigestSkip): string;
}

export function usageLine(doc: DigestDocument): string {
  return `Token usage: ${doc.usedTokens} / ${doc.budget} (${doc.items.length} packed, ${doc.skippedTotal} skipped)`;
}

/** Items grouped by file: files in order of first appearance, items in pack order. */
export function groupByFile(items: readonly DigestItem[]): { file: string; items: DigestItem[] }[] {
  const groups = new Map<string, DigestItem[]>();
  for (const item of items) {
    const group = groups.get(item.file);
    if (group) group.push(item);
    else groups.set(item.file, [item]);
  }
  return [...groups].map(([file, grouped]) => ({ file, items: grouped }));
}

export function notListed(doc: DigestDocument): number {
  return doc.skippedTotal - doc.skipped.length;
}
