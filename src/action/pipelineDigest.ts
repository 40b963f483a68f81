// produceDigest (runDigest.ts) on the pipeline's own entry points, so the action and the CLI produce
// the same digest for the same range: pipeline/prDigest.ts for pull requests, indexRepository +
// packRepository for `query` / `entry`.
//
// Three renderings are delivered: the digest file in `format`, markdown for the comment and job
// summary, and JSON for json-path. Each is its own pack, within the budget on its own (token counts
// differ by format); for a PR the diff and index behind them are built once (preparePr) and packed
// per format (packPr).
import type { PackResult } from '../pack/packer.js';
import { indexRepository } from '../pipeline/indexRepository.js';
import { packRepository, type PackSettings } from '../pipeline/packRepository.js';
import { packPr, preparePr } from '../pipeline/prDigest.js';
import type { DigestFormat } from '../render/document.js';
import type { DigestProduct, ProduceDigest } from './runDigest.js';
import type { Settings } from './settings.js';

export const produceDigest: ProduceDigest = async (settings, request, services) => {
  const formats = [...new Set<DigestFormat>([settings.format, 'markdown', 'json'])];
  const index = { include: [...settings.include], exclude: [...settings.exclude] };
  const results = new Map<DigestFormat, PackResult>();
  const warnings: string[] = [];
  let changedSymbols = 0;

  if (request.kind === 'pr') {
    // The diff and the index are built once; only the packing is repeated per format.
    const prepared = await preparePr({
      repoDir: settings.path,
      base: request.base,
      head: request.head,
      ...(request.prNumber !== undefined ? { prNumber: request.prNumber } : {}),
      ...(request.title !== undefined ? { title: request.title } : {}),
      index,
      fetchMissing: true,
      ...(services.listPullFiles
        ? { apiFallback: { listFiles: services.listPullFiles, ...(request.changedFiles !== undefined ? { expectedFiles: request.changedFiles } : {}) } }
        : {}),
    });
    for (const format of formats) results.set(format, packPr(prepared, packSettings(settings, format)));
    changedSymbols = prepared.changed.length;
    if (prepared.changes.incomplete) warnings.push(`The list of changes is incomplete: ${prepared.changes.notes.join('; ')}`);
    for (const s of prepared.index.skippedFiles) warnings.push(`Skipped ${s.path}: ${s.reason}`);
  } else {
    const repo = await indexRepository(settings.path, index);
    for (const s of repo.skippedFiles) warnings.push(`Skipped ${s.path}: ${s.reason}`);
    const target = request.kind === 'entry' ? { entry: request.entry } : { query: request.query };
    for (const format of formats) results.set(format, packRepository(repo, target, packSettings(settings, format)));
  }

  const document = results.get(settings.format)!;
  const product: DigestProduct = {
    document: document.content,
    markdown: results.get('markdown')!.content,
    json: results.get('json')!.content,
    totalTokens: document.totalTokens,
    budget: document.budget,
    changedSymbols,
    packedSymbols: document.packed.length,
    skippedSymbols: document.skipped.length,
    warnings,
  };
  return product;
};

function packSettings(settings: Readonly<Settings>, format: DigestFormat): PackSettings {
  return { budget: settings.budget, encoding: settings.encoding, format, signaturesOnly: settings.signaturesOnly, resolution: 'all' };
}
