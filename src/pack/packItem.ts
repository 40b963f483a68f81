// The one way a symbol becomes a digest item, and what packing that item costs.
//
// - An item carries what every renderer must say about its symbol: `status: 'removed'` for a PR's
//   removed symbol (its code is base's), `partialParse` for a symbol of a file tree-sitter could only
//   partly parse, `spelledAs` for a look-alike definition name. They are part of the item's text, so
//   its cost counts them like the rest.
// - An item's cost is the tokens of the text it adds: its block (renderer.itemText), a file heading
//   when its file is new to the document, and the footer's inside clause when it is the first packed
//   symbol with members (packRun.ts).
import type { PySymbol } from '../model.js';
import type { DigestItem, ItemView } from './document.js';
import type { Candidate } from './expansion.js';
import { clauseFor, type PackRun } from './packRun.js';

/** `symbol` shown as `view`; `tokens`, when the caller has it, is the count of `view.text`. */
export function itemOf(run: PackRun, symbol: PySymbol, candidate: Candidate, view: ItemView, tokens = run.counter.count(view.text)): DigestItem {
  const { removed, partialFiles } = run.input;
  return {
    id: symbol.id,
    file: symbol.file,
    name: symbol.name,
    kind: symbol.kind,
    mode: view.mode,
    tokens,
    startLine: symbol.startLine,
    endLine: symbol.endLine,
    hop: candidate.hop,
    direction: candidate.direction,
    text: view.text,
    ...(removed?.has(symbol.id) ? { status: 'removed' as const } : {}),
    // A removed symbol's code is base's: head's file having errors says nothing about it.
    ...(partialFiles?.has(symbol.file) && !removed?.has(symbol.id) ? { partialParse: true as const } : {}),
    ...(view.change === undefined ? {} : { change: view.change }),
    ...(view.fence === undefined ? {} : { fence: view.fence }),
    ...(view.notes === undefined ? {} : { notes: view.notes }),
    ...(symbol.spelledAs !== undefined ? { spelledAs: symbol.spelledAs } : {}),
  };
}

/** The tokens packing `item` adds to the document now (its clause included). */
export function costOf(run: PackRun, item: DigestItem): number {
  const { counter, renderer, state } = run;
  return counter.count(renderer.itemText(item)) + (state.hasFile(item.file) ? 0 : counter.count(renderer.fileText(item.file))) + clauseFor(run, item.id);
}
