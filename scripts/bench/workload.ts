// The files a benchmark run works on, found and read once, untimed.
//
// Every timed phase then runs over exactly these files, so "full index / parse-only" compares the
// same work: files the reader rejects (binary, over the size limit) are left out of parse-only too.
// When discovery or reading is not available yet, a plain walk and a plain UTF-8 read stand in and
// the report says so.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkippedFile } from '../../src/model.js';
import type { Stages } from './modules.js';

export interface Workload {
  root: string;
  /** Relative POSIX paths of the files that are read and parsed, sorted. */
  paths: string[];
  /** Normalised source text, parallel to `paths`. */
  texts: string[];
  bytes: number;
  skipped: SkippedFile[];
  /** Which implementation found and read the files. */
  discoveredBy: string;
  readBy: string;
}

const SKIP_DIRS = new Set(['.git', '__pycache__', 'node_modules', '.venv', 'venv', '.tox', '.mypy_cache']);

/** Stand-in for files/discover.ts: every `.py` below root, no ignore rules. */
async function walkPython(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) found.push(...(await walkPython(root, rel)));
    else if (entry.isFile() && entry.name.endsWith('.py')) found.push(rel);
  }
  return found.sort();
}

async function plainRead(root: string, rel: string, maxBytes: number): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  const bytes = await readFile(join(root, rel));
  if (bytes.length > maxBytes) return { ok: false, reason: `larger than ${maxBytes} bytes` };
  return { ok: true, text: bytes.toString('utf8') };
}

export async function loadWorkload(root: string, stages: Stages, maxBytes: number): Promise<Workload> {
  const discovered = stages.discover.ok
    ? await stages.discover.value(root)
    : { python: await walkPython(root), skipped: [] as SkippedFile[] };
  const paths: string[] = [];
  const texts: string[] = [];
  const skipped = [...discovered.skipped];
  let bytes = 0;
  for (const rel of discovered.python) {
    const read = stages.read.ok ? await stages.read.value(root, rel, { maxBytes }) : await plainRead(root, rel, maxBytes);
    if (!read.ok) {
      skipped.push({ path: rel, reason: read.reason });
      continue;
    }
    paths.push(rel);
    texts.push(read.text);
    bytes += Buffer.byteLength(read.text);
  }
  return {
    root,
    paths,
    texts,
    bytes,
    skipped,
    discoveredBy: stages.discover.ok ? stages.discover.from : 'fallback walk (discover.ts pending)',
    readBy: stages.read.ok ? stages.read.from : 'fallback UTF-8 read (read.ts pending)',
  };
}
