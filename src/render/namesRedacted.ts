// A renderer whose every text has the names' secrets replaced (review/redactNames.ts). Wrapping the
// renderer, not the finished text, keeps the budget exact: the packer counts the tokens of what is
// printed, placeholders included.
import type { DocumentRenderer } from '../pack/document.js';
import { redactNames } from '../review/redactNames.js';

export function namesRedacted(renderer: DocumentRenderer, table: ReadonlyMap<string, string> | undefined): DocumentRenderer {
  if (table === undefined || table.size === 0) return renderer;
  const clean = (text: string) => redactNames(text, table);
  return {
    format: renderer.format,
    render: (doc) => clean(renderer.render(doc)),
    itemText: (item) => clean(renderer.itemText(item)),
    fileText: (file) => clean(renderer.fileText(file)),
    skipText: (skip) => clean(renderer.skipText(skip)),
    rootsLineText: (skips, rootFiles) => clean(renderer.rootsLineText(skips, rootFiles)),
  };
}
