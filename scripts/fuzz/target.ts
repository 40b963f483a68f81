// The fuzz target (issue 9): mutated real Python through decode -> extract -> graph -> pack -> render.
//
// A case is 1-3 files, each a real .py file of this repository (examples/ and the test fixtures)
// under mutations a hostile pull request could make: bit flips, truncation, 2,000-deep nesting,
// huge lines, many lines, other encodings (UTF-16, latin-1/cp1252 cookies, invalid UTF-8, BOM, CRLF),
// NUL bytes, random Unicode in names and in file paths. It runs the same stages as a `pack` run, on
// bytes instead of a disk (files/decode.ts is what files/read.ts applies to every file's bytes).
//
// Invariants, checked by checkCase:
// - nothing throws (a BudgetTooSmallError, the documented answer to a budget that cannot hold the
//   smallest document, is counted, not a failure);
// - no hang: each file's extraction and each case stay under a CPU-time bound (scripts/fuzz/main.ts also
//   stops a case that never returns);
// - the budget is never exceeded, and the footer's count is the document's exact count;
// - the output is deterministic: a second run from the same bytes renders the same documents;
// - every file is reported: indexed, or in skippedFiles with a reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { decodePythonSource } from '../../src/files/decode.js';
import { DEFAULT_MAX_FILE_BYTES as MAX_FILE_BYTES } from '../../src/files/read.js';
import type { FileRecord, SkippedFile } from '../../src/model.js';
import type { DigestFormat } from '../../src/pack/document.js';
import { BudgetTooSmallError } from '../../src/pack/packer.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { assembleIndex } from '../../src/pipeline/indexRepository.js';
import { packRepository } from '../../src/pipeline/packRepository.js';
import { extractFile } from '../../src/python/extract.js';
import { ParserTrapError, type PythonParser } from '../../src/python/treeSitter.js';

export interface CorpusFile {
  path: string;
  bytes: Uint8Array;
}

/** Every .py file under the given folders, sorted (the seed inputs, real Python). */
export function loadCorpus(repoRoot: string, folders = ['examples', '__tests__/fixtures']): CorpusFile[] {
  const out: CorpusFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.py')) out.push({ path: relative(repoRoot, path).split('\\').join('/'), bytes: readFileSync(path) });
    }
  };
  for (const folder of folders) walk(join(repoRoot, folder));
  return out;
}

export type Mutation =
  | { kind: 'flip'; at: number; bits: number; count: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'nul'; at: number }
  | { kind: 'nest'; depth: number; style: 'def' | 'if' | 'class' | 'paren' }
  | { kind: 'hugeLine'; length: number; char: string }
  | { kind: 'manyLines'; count: number }
  | { kind: 'encoding'; as: 'utf16le' | 'utf16be' | 'latin1' | 'cp1252' | 'invalidUtf8' | 'bom' | 'crlf' | 'cr' }
  | { kind: 'rename'; name: string }
  | { kind: 'insertText'; at: number; text: string };

export interface FuzzFile {
  base: number;
  path: string;
  mutations: Mutation[];
}

export interface FuzzCase {
  files: FuzzFile[];
  budget: number;
  format: DigestFormat;
  pick: number;
}

const PATH_NAMES = ['mod', 'pkg/__init__', 'pkg/sub', 'ünïcode', 'a b', 'x\u202egnp', 'ｈelper', 'x\x1b[31mred', 'line\nbreak', 'tab\tname', 'deep/er/still/mod'];
const LINE_CHARS = ['A', 'a', '!', ' ', 'é', '🙂', '\t', '1', "'", '"', '\\', '\u202e', '\u0301'];

// Light mutations make most cases; the heavy ones (deep nesting, huge and many lines) cost up to
// seconds each, so they are a few percent of the mutations, and their largest sizes rarer still.
const light: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bits: fc.integer({ min: 1, max: 255 }), count: fc.integer({ min: 1, max: 16 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('nul' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('nest' as const), depth: fc.integer({ min: 1, max: 60 }), style: fc.constantFrom('def' as const, 'if' as const, 'class' as const, 'paren' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hugeLine' as const), length: fc.integer({ min: 200, max: 5000 }), char: fc.constantFrom(...LINE_CHARS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('encoding' as const), as: fc.constantFrom('utf16le' as const, 'utf16be' as const, 'latin1' as const, 'cp1252' as const, 'invalidUtf8' as const, 'bom' as const, 'crlf' as const, 'cr' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rename' as const), name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('insertText' as const), at: fc.nat(), text: fc.string({ unit: 'binary', maxLength: 40 }) }) },
);
const heavy: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('nest' as const), depth: fc.integer({ min: 500, max: 2500 }), style: fc.constantFrom('def' as const, 'if' as const, 'class' as const, 'paren' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('hugeLine' as const), length: fc.integer({ min: 5000, max: 50_000 }), char: fc.constantFrom(...LINE_CHARS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hugeLine' as const), length: fc.integer({ min: 50_000, max: 300_000 }), char: fc.constantFrom(...LINE_CHARS) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('manyLines' as const), count: fc.integer({ min: 1000, max: 10_000 }) }) },
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof({ weight: 98, arbitrary: light }, { weight: 2, arbitrary: heavy });

export function fuzzCaseArbitrary(corpusSize: number): fc.Arbitrary<FuzzCase> {
  return fc.record({
    files: fc.array(
      fc.record({
        base: fc.nat(corpusSize - 1),
        path: fc.constantFrom(...PATH_NAMES).map((p) => `${p}.py`),
        mutations: fc.array(mutation, { maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    budget: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 400, max: 8000 })),
    format: fc.constantFrom<DigestFormat>('markdown', 'xml', 'json'),
    pick: fc.nat(),
  });
}

const encoder = new TextEncoder();

function nested(depth: number, style: 'def' | 'if' | 'class' | 'paren'): string {
  if (style === 'paren') return `x = ${'('.repeat(depth)}1${')'.repeat(depth)}\n`;
  const lines: string[] = [];
  for (let i = 0; i < depth; i++) {
    const indent = ' '.repeat(i);
    lines.push(style === 'def' ? `${indent}def f${i}():` : style === 'class' ? `${indent}class C${i}:` : `${indent}if x${i}:`);
  }
  lines.push(`${' '.repeat(depth)}return helper()`);
  return `${lines.join('\n')}\n`;
}

function splice(bytes: Uint8Array, at: number, insert: Uint8Array): Uint8Array {
  const p = bytes.length === 0 ? 0 : at % (bytes.length + 1);
  const out = new Uint8Array(bytes.length + insert.length);
  out.set(bytes.subarray(0, p), 0);
  out.set(insert, p);
  out.set(bytes.subarray(p), p + insert.length);
  return out;
}

export function applyMutation(bytes: Uint8Array, m: Mutation): Uint8Array {
  switch (m.kind) {
    case 'flip': {
      const out = Uint8Array.from(bytes);
      for (let i = 0; i < m.count && out.length > 0; i++) {
        const at = (m.at + i * 7919) % out.length;
        out[at] = out[at]! ^ m.bits;
      }
      return out;
    }
    case 'truncate':
      return bytes.subarray(0, bytes.length === 0 ? 0 : m.at % bytes.length);
    case 'nul':
      return splice(bytes, m.at, new Uint8Array([0]));
    case 'nest':
      return concat(bytes, encoder.encode(`\n${nested(m.depth, m.style)}`));
    case 'hugeLine':
      return concat(bytes, encoder.encode(`\ndef huge():\n    return "${m.char.repeat(m.length)}"\n`));
    case 'manyLines':
      return concat(bytes, encoder.encode(`\n${Array.from({ length: m.count }, (_, i) => (i % 10 === 0 ? `def g${i}(a):\n    return huge(a)` : `x${i} = g${i - (i % 10)}(${i})`)).join('\n')}\n`));
    case 'encoding':
      return reencode(bytes, m.as);
    case 'rename': {
      const text = Buffer.from(bytes).toString('utf8');
      return encoder.encode(text.replace(/def (\w+)/, `def ${m.name}`).replace(/\b(\w+)\(/, `${m.name}(`));
    }
    case 'insertText':
      return splice(bytes, m.at, Buffer.from(m.text, 'latin1'));
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function reencode(bytes: Uint8Array, as: Extract<Mutation, { kind: 'encoding' }>['as']): Uint8Array {
  const text = Buffer.from(bytes).toString('utf8');
  switch (as) {
    case 'utf16le':
      return concat(new Uint8Array([0xff, 0xfe]), Buffer.from(text, 'utf16le'));
    case 'utf16be': {
      const le = Buffer.from(text, 'utf16le');
      for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
      return concat(new Uint8Array([0xfe, 0xff]), le);
    }
    case 'latin1':
      return concat(encoder.encode('# -*- coding: latin-1 -*-\n'), Buffer.from(text.replace(/[^\x00-\xff]/g, '?'), 'latin1'));
    case 'cp1252':
      return concat(encoder.encode('# coding: cp1252\n'), Buffer.from(`${text}\n# \x80\x99\x9f\n`, 'latin1'));
    case 'invalidUtf8':
      return concat(bytes, new Uint8Array([0x23, 0x20, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x82, 0x0a, 0xf0, 0x9f, 0x0a]));
    case 'bom':
      return concat(new Uint8Array([0xef, 0xbb, 0xbf]), bytes);
    case 'crlf':
      return encoder.encode(text.replace(/\n/g, '\r\n'));
    case 'cr':
      return encoder.encode(text.replace(/\n/g, '\r'));
  }
}

/** The case's files as bytes; a repeated path keeps its first file (a folder holds one file per name). */
export function caseFiles(corpus: readonly CorpusFile[], c: FuzzCase): { path: string; bytes: Uint8Array }[] {
  const seen = new Set<string>();
  const out: { path: string; bytes: Uint8Array }[] = [];
  for (const f of c.files) {
    if (seen.has(f.path)) continue;
    seen.add(f.path);
    out.push({ path: f.path, bytes: f.mutations.reduce(applyMutation, corpus[f.base % corpus.length]!.bytes) });
  }
  return out;
}

/** Extraction failures seen (each was skipped with its reason): reported by `npm run fuzz`. */
export const extractionFailures: string[] = [];

export interface CaseLimits {
  /** CPU milliseconds one file's decode + extraction may take. */
  perFileMs: number;
  /** CPU milliseconds a whole case (both runs) may take. */
  perCaseMs: number;
}

/**
 * CPU milliseconds of this process. The bounds are CPU time because on a shared machine wall time
 * measures the neighbours: at load average 20 a 2 s case takes 20 s of wall time.
 */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function describeMutation(m: Mutation): string {
  switch (m.kind) {
    case 'flip':
      return `flip(${m.count}x^${m.bits})`;
    case 'truncate':
    case 'nul':
      return `${m.kind}(@${m.at})`;
    case 'nest':
      return `nest(${m.depth} ${m.style})`;
    case 'hugeLine':
      return `hugeLine(${m.length}x${JSON.stringify(m.char)})`;
    case 'manyLines':
      return `manyLines(${m.count})`;
    case 'encoding':
      return `encoding(${m.as})`;
    case 'rename':
      return `rename(${JSON.stringify(m.name)})`;
    case 'insertText':
      return `insertText(${m.text.length} chars)`;
  }
}

/** One line saying what a case is: each file's seed, name, mutations and size, the budget and format. */
export function describeCase(corpus: readonly CorpusFile[], c: FuzzCase): string {
  const sizes = new Map(caseFiles(corpus, c).map((f) => [f.path, f.bytes.length]));
  const files = c.files.map((f) => `${corpus[f.base % corpus.length]!.path} as ${JSON.stringify(f.path)} [${f.mutations.map(describeMutation).join(', ')}] ${sizes.get(f.path) ?? 0} B`);
  return `${files.join('; ')}; budget ${c.budget} ${c.format}`;
}

export interface CaseOutcome {
  documents: string[];
  budgetTooSmall: boolean;
  indexed: number;
  skipped: number;
}

function runOnce(parser: PythonParser, files: { path: string; bytes: Uint8Array }[], c: FuzzCase, limits: CaseLimits): CaseOutcome {
  const records: FileRecord[] = [];
  const skipped: SkippedFile[] = [];
  for (const file of files) {
    const start = cpuMs();
    // As files/read.ts does before decoding: over the size limit is a skip (3 MB of 2,422-deep
    // indentation is easy to generate and is what the default --max-file-bytes keeps out).
    const decoded = file.bytes.length > MAX_FILE_BYTES ? { ok: false as const, reason: `larger than ${MAX_FILE_BYTES} bytes` } : decodePythonSource(file.bytes);
    if (!decoded.ok) skipped.push({ path: file.path, reason: decoded.reason });
    else {
      // As scanRepository does: a file extraction fails on is skipped with the reason, the run goes on.
      try {
        const record = extractFile(parser, file.path, decoded.text);
        record.notes.unshift(...decoded.notes);
        records.push(record);
      } catch (error) {
        // A trap inside tree-sitter is a failure of the case, not a file skipped: it means WASM memory
        // was written out of bounds (see src/python/indentGuard.ts for the one found this way).
        if (error instanceof ParserTrapError) throw error;
        skipped.push({ path: file.path, reason: `could not be analysed: ${(error as Error).message}` });
        extractionFailures.push(`${JSON.stringify(file.path)}: ${(error as Error).message}`);
        // A failure must not spread: the next file still parses.
        const probe = extractFile(parser, 'probe.py', 'def probe():\n    return 1\n');
        if (probe.symbols.length !== 2) throw new Error('after a failed file, a plain file no longer parses', { cause: error });
      }
    }
    const ms = cpuMs() - start;
    if (ms > limits.perFileMs) throw new Error(`decoding and extracting ${JSON.stringify(file.path)} took ${ms.toFixed(0)} ms of CPU (limit ${limits.perFileMs})`);
  }
  const index = assembleIndex('/fuzz', records, skipped);
  // Every file is reported: indexed, or skipped with a reason.
  for (const file of files) {
    const isIndexed = index.files.some((f) => f.path === file.path);
    const reasons = index.skippedFiles.filter((s) => s.path === file.path).map((s) => s.reason);
    if (!isIndexed && reasons.length === 0) throw new Error(`${JSON.stringify(file.path)} is neither indexed nor reported as skipped`);
    if (reasons.some((r) => r.trim() === '')) throw new Error(`${JSON.stringify(file.path)} is skipped without a reason`);
  }
  const outcome: CaseOutcome = { documents: [], budgetTooSmall: false, indexed: index.files.length, skipped: index.skippedFiles.length };
  if (index.symbols.length === 0) return outcome;
  const entry = index.symbols[c.pick % index.symbols.length]!.id;
  try {
    const result = packRepository(index, { entry }, { budget: c.budget, format: c.format });
    const counted = createTokenCounter('o200k_base').count(result.content);
    if (result.totalTokens > c.budget) throw new Error(`document of ${result.totalTokens} tokens over the budget ${c.budget}`);
    if (counted !== result.totalTokens) throw new Error(`document states ${result.totalTokens} tokens but counts ${counted}`);
    outcome.documents.push(result.content);
  } catch (error) {
    if (!(error instanceof BudgetTooSmallError)) throw error;
    outcome.budgetTooSmall = true;
  }
  return outcome;
}

/** Runs a case twice from its bytes and checks every invariant; throws an Error naming the broken one. */
export function checkCase(parser: PythonParser, corpus: readonly CorpusFile[], c: FuzzCase, limits: CaseLimits): CaseOutcome {
  const start = cpuMs();
  const files = caseFiles(corpus, c);
  const first = runOnce(parser, files, c, limits);
  const second = runOnce(parser, files, c, limits);
  if (first.budgetTooSmall !== second.budgetTooSmall || first.documents.length !== second.documents.length || first.documents.some((d, i) => d !== second.documents[i])) {
    throw new Error('two runs over the same bytes rendered different documents');
  }
  const ms = cpuMs() - start;
  if (ms > limits.perCaseMs) throw new Error(`the case took ${ms.toFixed(0)} ms of CPU (limit ${limits.perCaseMs})`);
  return first;
}
