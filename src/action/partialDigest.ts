// The digest posted when the time limit stops the analysis (action/analysis.ts): what was known by
// then, the changed symbols when the diff had been read, and a note that says the rest is missing and
// why. Rendered in all three formats so digest-path and json-path keep their promises.

import type { ChangedSymbolRow } from '../pack/document.js';
import { xmlAttr } from '../render/xml.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';
import type { DigestProduct } from './runDigest.js';
import type { Settings } from './settings.js';

export function partialDigest(settings: Readonly<Settings>, changed: readonly ChangedSymbolRow[] | undefined, prNumber: number | undefined): DigestProduct {
  const limit = `${settings.timeoutMinutes} ${settings.timeoutMinutes === 1 ? 'minute' : 'minutes'}`;
  const note = changed
    ? `the analysis did not finish within ${limit} (input \`timeout-minutes\`): only the changed symbols are listed, without their callers, callees or code.`
    : `the analysis did not finish within ${limit} (input \`timeout-minutes\`), before the changed symbols were known: nothing else could be listed.`;
  const rows = [...(changed ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const title = `RepoDigest${prNumber !== undefined ? ` · #${prNumber}` : ''} (incomplete)`;
  const markdown = [
    `## ${title}`,
    '',
    `> **Time limit:** ${note}`,
    ...(changed
      ? ['', `### Changed symbols (${rows.length})`, '', '| symbol | change | file |', '|---|---|---|', ...rows.map((r) => `| ${codeSpan(r.id, true)} | ${r.change} | ${codeSpan(r.file, true)} |`)]
      : []),
    '',
  ].join('\n');
  const json = `${JSON.stringify({ title, incomplete: true, note: `Time limit: ${note}`, changed: rows }, null, 2)}\n`;
  const xml = [
    `<digest incomplete="true">`,
    `  <title>${xmlAttr(title)}</title>`,
    `  <note>${xmlAttr(`Time limit: ${note}`)}</note>`,
    ...rows.map((r) => `  <changed id="${xmlAttr(r.id)}" file="${xmlAttr(r.file)}" change="${r.change}"/>`),
    `</digest>`,
    '',
  ].join('\n');
  return {
    document: settings.format === 'json' ? json : settings.format === 'xml' ? xml : markdown,
    markdown,
    json,
    totalTokens: 0,
    budget: settings.budget,
    changedSymbols: rows.length,
    packedSymbols: 0,
    skippedSymbols: 0,
    // Not known when the analysis was stopped: an empty `tests` output makes `pytest ${{ … }}` run every test.
    tests: [],
    warnings: [`Time limit: ${note} Raise 'timeout-minutes' or narrow the analysis with 'include'/'exclude'; ${plural(rows.length, 'changed symbol')} listed.`],
  };
}

