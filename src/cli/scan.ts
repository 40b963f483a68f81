// Scanning from the CLI: the index built with the progress line running, and every skipped file and
// note said on stderr, one line each.
import type { RepoIndex } from '../model.js';
import { indexRepository } from '../pipeline/indexRepository.js';
import { visibleText } from '../shared/visibleText.js';
import { reportCache } from './cacheOptions.js';
import { indexOptionsFrom, type ScanFlags } from './flags.js';
import { type CliIo, progressFor } from './io.js';
import type { Progress } from './progress.js';

/** Scans with the progress line running; the caller moves it on (pack, render) and ends it with done(). */
export async function scanWithReport(root: string, flags: ScanFlags, io: CliIo, progress: Progress = progressFor(io, flags), keepText = true): Promise<RepoIndex> {
  const options = indexOptionsFrom(flags);
  const index = await indexRepository(root, { ...options, ...(keepText ? {} : { keepText }), onFound: (count) => progress.found(count), onProgress: (done, total) => progress.update(done, total), onResolve: (done, total) => progress.resolving(done, total) });
  progress.done();
  reportScan(index, io);
  reportCache(options.cache, io.stderr);
  return index;
}

/** File names and what is said about them are the repository's text: one line each, nothing acting (visibleText.ts). */
export function reportScan(index: RepoIndex, io: CliIo): void {
  for (const skipped of index.skippedFiles) io.stderr(`skipped ${visibleText(skipped.path)}: ${visibleText(skipped.reason)}\n`);
  for (const file of index.files) {
    for (const note of file.notes) io.stderr(`note ${visibleText(file.path)}: ${visibleText(note)}\n`);
  }
  if (index.files.length === 0) io.stderr(`warning: no Python files found under ${visibleText(index.root)}\n`);
}
