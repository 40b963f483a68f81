// `repodigest pr`: the pull-request digest from local git, the same job the Action runs, so users and
// tests get it without GitHub.
import { prDigest } from '../../pr/digest.js';
import type { BreakingSite } from '../../review/breakingSites.js';
import { visibleText } from '../../shared/visibleText.js';
import { brokenSitesFrom } from '../../viewer/brokenSites.js';
import { reportCache } from '../cacheOptions.js';
import { indexOptionsFrom, type PackFlags, packSettingsFrom } from '../flags.js';
import { type CliIo, progressFor } from '../io.js';
import { redactedIo } from '../redactedIo.js';
import { reportScan } from '../scan.js';
import { writeViewerHtml } from './graph.js';
import { packWarnings } from './pack.js';

export interface PrFlags extends PackFlags {
  base: string;
  head: string;
  title?: string;
  /** Also write the PR's impact as an interactive graph viewer (src/viewer/). */
  html?: string;
  /** false with --no-mermaid. */
  mermaid?: boolean;
  /** --on-demand: parse only the files the digest can need (pr/onDemandRounds.ts); the --html viewer parses all. */
  onDemand?: boolean;
}

export async function runPrCommand(
  path: string,
  flags: PrFlags,
  cliIo: CliIo,
): Promise<{ text: string; warnings: string[]; breaking: BreakingSite[]; secrets: ReadonlyMap<string, string> | undefined }> {
  const pack = packSettingsFrom(flags);
  // prDigest resolves, reviews and packs in one call; each part reports its own steps.
  const progress = progressFor(cliIo, flags);
  const index = { ...indexOptionsFrom(flags), onFound: (count: number) => progress.found(count), onProgress: (done: number, total: number) => progress.update(done, total), onResolve: (done: number, total: number) => progress.resolving(done, total) };
  const digest = await prDigest({
    repoDir: path,
    base: flags.base,
    head: flags.head,
    ...(flags.title !== undefined ? { title: flags.title } : {}),
    index,
    pack,
    ...(flags.onDemand && flags.html === undefined ? {} : { fullIndex: true }),
    onStep: (phase, done, total) => progress.step(phase, done, total, phase === 'pack' ? 'section layouts packed' : 'steps'),
  });
  progress.done();
  // From here on every line may name a file: names' secrets are replaced (cli/redactedIo.ts).
  const io = redactedIo(cliIo, digest.index.secrets);
  reportScan(digest.index, io);
  reportCache(index.cache, io.stderr);
  const { indexing } = digest;
  if (indexing.mode === 'on-demand') io.stderr(`indexed on demand: ${indexing.filesParsed} of ${indexing.filesTotal} files parsed (the full index parses all)\n`);
  else if (indexing.fallback) io.stderr(`note: full index: ${indexing.fallback}\n`);
  // The working-tree warning is also the digest's first note: on stderr it is printed once, as a warning.
  if (digest.warning) io.stderr(`warning: ${visibleText(digest.warning)}\n`);
  for (const note of digest.notes) if (note !== digest.warning) io.stderr(`note: ${visibleText(note)}\n`);
  if (flags.html !== undefined) {
    const range = `${flags.base}..${flags.head}`;
    progress.phase('render');
    const written = await writeViewerHtml(digest.index, flags.html, {
      title: `Impact of ${flags.title ?? range}`,
      notes: [`Changed symbols of ${range} with their callers and callees within two hops.`, ...digest.notes],
      pr: { changed: digest.changed, broken: brokenSitesFrom(digest.removedReferences) },
    });
    progress.done();
    io.stderr(written);
  }
  const counts = ['added', 'modified', 'removed'].map((c) => `${digest.changed.filter((x) => x.change === c).length} ${c}`);
  return {
    text: digest.result.content,
    warnings: [`changed symbols: ${counts.join(', ')}`, ...packWarnings(digest.result)],
    breaking: digest.review.findings.breaking,
    secrets: digest.index.secrets,
  };
}
