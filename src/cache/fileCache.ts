// The per-file extraction cache on disk: a folder of entries, one per (path, content), under a
// namespace folder per format/version (cacheKey.ts); entry bytes are entryCodec.ts's.
//
// Decisions:
// - Fail soft, never trusted: an entry that cannot be read or decoded is a miss, re-extracted, rewritten,
//   and reported as one line; a cache folder that cannot be written is one line and the run goes on
//   uncached. The digest never depends on the cache (tests compare output byte for byte).
// - Writes are atomic: a temporary file beside the entry (pid and random suffix), then rename. Two runs
//   writing the same entry at once both write the same bytes; a reader sees the old file or the new
//   one, never a half-written one (and a half-written one from a crash fails the length check).
// - Synchronous I/O, like files/read.ts: indexing is one file after another, and each await would cost
//   a thread-pool round trip per file.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { dirname, join } from 'node:path';
import type { FileRecord } from '../model.js';
import { blobId, cacheNamespace, entryName } from './cacheKey.js';
import { decodeEntry, encodeEntry } from './entryCodec.js';
import type { EntrySink } from './entryFrame.js';
import type { Facts } from './lazyFacts.js';

export interface CacheStats {
  hits: number;
  misses: number;
  written: number;
  /** One line per entry found but not trusted, and per write failure (the first only). */
  problems: string[];
  /** The whole tree's call graph (cache/graphCache.ts): read from the cache, or resolved and saved. */
  graph?: 'reused' | 'saved';
}

export interface FileCache {
  readonly dir: string;
  /**
   * The blob id of `text`, and the record cached for it at `path` when there is a trusted one.
   * `tally: false` (another version of a changed file, not a file of the tree) leaves hits and misses
   * alone, so the stats stay "of the tree's files"; the entry still counts as used. `extract` makes the
   * record from `text` when the entry's facts, decoded when first read, turn out malformed: the entry
   * is then reported, counted and rewritten as one found malformed at once, and the symbols get the
   * fresh record's facts.
   */
  lookup(path: string, text: string, extract: () => FileRecord, tally?: boolean): { blob: string; record?: FileRecord };
  /** Remember `record`, extracted from `text` (blob id `blob`) at `path`; `tally: false` as for lookup. */
  store(path: string, blob: string, text: string, record: FileRecord, tally?: boolean): void;
  stats(): CacheStats;
  /** Entry files (relative to the namespace folder) this run read or wrote. */
  used(): ReadonlySet<string>;
  /** The blob id of the tree file at `path` as this run looked it up (tallied lookups only), for keys over a whole tree. */
  treeBlob(path: string): string | undefined;
  /** Whether `record` is one lookup read from an entry (made by JSON.parse), not one extracted in this run. */
  decoded(record: FileRecord): boolean;
  /**
   * Entries other than per-file ones (cache/graphCache.ts), by name relative to the namespace folder:
   * the bytes or undefined when there is none (other read errors are thrown); a write as atomic as
   * `store`'s, false when the folder cannot be written (one line, once). Then: an entry read and used,
   * a line to report, the graph's outcome.
   */
  readNamed(name: string): Buffer | undefined;
  writeNamed(name: string, data: string | ((sink: EntrySink) => void)): boolean;
  markUsed(name: string): void;
  report(problem: string): void;
  noteGraph(outcome: 'reused' | 'saved'): void;
}

export interface CacheDeps {
  /** The file's bytes, or undefined when it does not exist. */
  readFile: (path: string) => Buffer | undefined;
  /** A string, or bytes streamed into the file (entryFrame.ts EntrySink). */
  writeFile: (path: string, data: string | ((sink: EntrySink) => void)) => void;
  rename: (from: string, to: string) => void;
  mkdir: (path: string) => void;
  unlink: (path: string) => void;
}

export const defaultCacheDeps: CacheDeps = {
  readFile: (p) => {
    try {
      return fs.readFileSync(p);
    } catch (error) {
      // No entry: also when the cache folder itself is missing or not a folder (the write then says so).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  },
  writeFile: (p, data) => {
    if (typeof data === 'string') return fs.writeFileSync(p, data);
    const fd = fs.openSync(p, 'w');
    try {
      let end = 0;
      const put = (bytes: Buffer, position: number): void => {
        for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done, position + done);
      };
      data({
        append: (bytes) => {
          put(bytes, end);
          end += bytes.length;
        },
        writeAt: (position, bytes) => put(bytes, position),
      });
    } finally {
      fs.closeSync(fd);
    }
  },
  rename: (from, to) => fs.renameSync(from, to),
  mkdir: (p) => fs.mkdirSync(p, { recursive: true }),
  unlink: (p) => fs.rmSync(p, { force: true }),
};

export function openFileCache(dir: string, deps: CacheDeps = defaultCacheDeps): FileCache {
  const namespace = cacheNamespace();
  const home = join(dir, namespace);
  const stats: CacheStats = { hits: 0, misses: 0, written: 0, problems: [] };
  const used = new Set<string>();
  const madeDirs = new Set<string>();
  // Entries this run wrote untallied (a changed file's version read from git, analysed before the tree
  // scan): when the tree then finds one, that file was analysed and saved by this run, and the stats say so.
  const untalliedWrites = new Set<string>();
  const treeBlobs = new Map<string, string>();
  const fromEntries = new WeakSet<FileRecord>();
  let writable = true;

  /** Writes one entry (a temporary file, then rename) and marks it used; false when the folder cannot be written (said once). */
  const writeAtomic = (name: string, bytes: () => string | ((sink: EntrySink) => void)): boolean => {
    if (!writable) return false;
    const target = join(home, name);
    const temp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      const folder = dirname(target);
      if (!madeDirs.has(folder)) {
        deps.mkdir(folder);
        madeDirs.add(folder);
      }
      deps.writeFile(temp, bytes());
      deps.rename(temp, target);
      used.add(name);
      return true;
    } catch (error) {
      writable = false;
      try {
        deps.unlink(temp);
      } catch {
        // nothing more to do: the temporary name is never read as an entry
      }
      stats.problems.push(`cache folder ${dir} could not be written (${codeOf(error)}); this run goes on without saving to it`);
      return false;
    }
  };

  return {
    dir,
    lookup(path, text, extract, tally = true) {
      const blob = blobId(text);
      if (tally) treeBlobs.set(path, blob);
      const name = entryName(path, blob);
      let bytes: Buffer | undefined;
      try {
        bytes = deps.readFile(join(home, name));
      } catch (error) {
        stats.problems.push(`cache entry for ${path} could not be read (${codeOf(error)}); extracted again`);
      }
      if (bytes === undefined) {
        if (tally) stats.misses++;
        return { blob };
      }
      // Counted as a hit below (not when this run wrote the entry itself: that is a miss already).
      // `recover` runs at most once: a file's facts are decoded once (lazyFacts.ts).
      let countedHit = false;
      const recover = (reason: string, ids: readonly string[]): Facts[] => {
        if (countedHit) {
          stats.hits--;
          stats.misses++;
        }
        let fresh: FileRecord;
        try {
          fresh = extract();
        } catch (error) {
          // Facts are read in the middle of other work: the run goes on without this file's.
          stats.problems.push(`cache entry for ${path} ignored: ${reason}; the file could not be analysed again (${(error as Error).message}), so its calls, bindings and imports are left out`);
          return ids.map(() => [[], [], []]);
        }
        stats.problems.push(`cache entry for ${path} ignored: ${reason}; extracted again`);
        if (writeAtomic(name, () => encodeEntry({ namespace, path, blob }, fresh, text)) && countedHit) stats.written++;
        const byId = new Map(fresh.symbols.map((s) => [s.id, s]));
        return ids.map((id) => {
          const s = byId.get(id);
          return s === undefined ? [[], [], []] : [s.calls, s.bindings, s.imports];
        });
      };
      const decoded = decodeEntry({ namespace, path, blob }, bytes, text, () => deps.readFile(join(home, name)), recover);
      if (!decoded.ok) {
        if (tally) stats.misses++;
        stats.problems.push(`cache entry for ${path} ignored: ${decoded.reason}; extracted again`);
        return { blob };
      }
      if (tally && untalliedWrites.delete(name)) {
        stats.misses++;
        stats.written++;
      } else if (tally) {
        stats.hits++;
        countedHit = true;
      }
      used.add(name);
      fromEntries.add(decoded.record);
      return { blob, record: decoded.record };
    },
    store(path, blob, text, record, tally = true) {
      const name = entryName(path, blob);
      if (writeAtomic(name, () => encodeEntry({ namespace, path, blob }, record, text))) {
        if (tally) stats.written++;
        else untalliedWrites.add(name);
      }
    },
    readNamed: (name) => deps.readFile(join(home, name)),
    writeNamed: (name, data) => writeAtomic(name, () => data),
    stats: () => stats,
    used: () => used,
    treeBlob: (path) => treeBlobs.get(path),
    decoded: (record) => fromEntries.has(record),
    markUsed: (name) => void used.add(name),
    report: (problem) => void stats.problems.push(problem),
    noteGraph: (outcome) => void (stats.graph = outcome),
  };
}

/** The folder the entries of this build live in. */
export function namespaceFolder(dir: string): string {
  return join(dir, cacheNamespace());
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
