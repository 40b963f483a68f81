// Our callers against an independent reference on real code: jedi (Debian's python3-jedi), through
// scripts/eval/jediCallers.py. jedi only parses and infers; nothing of the analysed repository is run.
//
// Run: npm run eval:callers -- <python repo> [--sample N] [--heuristics M] [--seed S] [--parameter-flow]
//
// - Recall: N functions and methods are sampled (deterministic for a seed); jedi lists each one's call
//   sites (references followed by `(`); a site counts as found when we have a calls edge into that
//   function with that line in that file (any resolution). Misses are grouped by the shape of the call.
// - Precision of our extra edges: our call sites into the sampled functions that jedi did not list are
//   asked of jedi again with goto on the called name: right (jedi lands on the function), wrong (it
//   lands elsewhere) or unknown (jedi cannot tell). Precision = right / (right + wrong).
// - Heuristic edges: M of the repository's heuristic edges, asked the same way, by confidence band.
//   This is what sets resolverHeuristic's default threshold.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Edge, PySymbol, RepoIndex } from '../../src/model.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';

const HELPER = fileURLToPath(new URL('./jediCallers.py', import.meta.url));

interface Position {
  file: string;
  line: number;
  column: number;
}
type Sites = [string, number][] | null;

export function jedi(root: string, refs: Position[], goto: Position[]): { refs: Sites[]; goto: Sites[] } {
  const run = spawnSync('python3', [HELPER], { input: JSON.stringify({ root, refs, goto }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error || run.status !== 0) {
    const why = run.error?.message ?? run.stderr.trim().split('\n').pop() ?? `exit ${run.status}`;
    throw new Error(`jedi helper failed (is python3-jedi installed? apt-get install python3-jedi): ${why}`);
  }
  return JSON.parse(run.stdout) as { refs: Sites[]; goto: Sites[] };
}

/** Deterministic sample of `n` items (a seeded LCG shuffle of a sorted list). */
export function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  const copy = [...items];
  let state = seed >>> 0 || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

function bare(sym: PySymbol): string {
  const last = sym.name.slice(sym.name.lastIndexOf('.') + 1);
  return last.includes('#') ? last.slice(0, last.indexOf('#')) : last;
}

/** Where the `def name` of a symbol is (its name's position), from its source. */
function defPosition(sym: PySymbol): Position | undefined {
  const name = bare(sym);
  const lines = sym.full.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = new RegExp(`^(\\s*(?:async\\s+)?def\\s+)${name}\\b`).exec(lines[i]!);
    if (m) return { file: sym.file, line: sym.startLine + i, column: m[1]!.length };
  }
  return undefined;
}

function sourceLines(root: string, file: string, cache: Map<string, string[]>): string[] {
  let lines = cache.get(file);
  if (!lines) cache.set(file, (lines = readFileSync(join(root, file), 'utf8').split('\n')));
  return lines;
}

/** Column of `name` used at a call or read on `line` (the last occurrence followed by `(`, else the last). */
function nameColumn(text: string, name: string): number | undefined {
  const re = new RegExp(`\\b${name.replace(/[$]/g, '\\$')}\\b`, 'g');
  let call: number | undefined;
  let any: number | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    any = m.index;
    if (/^\s*\(/.test(text.slice(m.index + name.length))) call = m.index;
  }
  return call ?? any;
}

/** The shape of a call the graph missed, from its source line. */
export function construct(text: string, name: string): string {
  const at = nameColumn(text, name) ?? 0;
  const before = text.slice(0, at).trimEnd();
  if (/super\([^)]*\)\s*\.$/.test(before)) return 'super()';
  if (/\b(self|cls)\s*\.$/.test(before)) return 'self/cls method';
  if (/\)\s*\.$/.test(before)) return 'method on a call result';
  if (/\]\s*\.$/.test(before)) return 'method on a subscript';
  if (before.endsWith('.')) return 'method on a variable or attribute';
  if (/@\s*$/.test(before)) return 'decorator';
  return 'plain name';
}

interface Verdicts {
  right: number;
  wrong: number;
  unknown: number;
}

/** jedi's goto lands on the target, or on another definition of the same name in its file (a property's setter). */
function verdict(defs: Sites, target: PySymbol, pos: Position | undefined, lineText: (file: string, line: number) => string): keyof Verdicts {
  if (!defs || defs.length === 0 || !pos) return 'unknown';
  const name = bare(target);
  const same = ([f, l]: [string, number]): boolean =>
    f === target.file && (l === pos.line || new RegExp(`^\\s*(?:async\\s+)?def\\s+${name}\\b`).test(lineText(f, l)));
  return defs.some(same) ? 'right' : 'wrong';
}

const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((a / b) * 100).toFixed(1)}%`);

export async function evalCallers(root: string, n: number, heuristics: number, seed: number, parameterFlow: boolean): Promise<string[]> {
  const index: RepoIndex = await indexRepository(root, { parameterFlow });
  const out: string[] = [];
  const calls = index.edges.filter((e) => e.kind === 'calls');
  const into = new Map<string, Edge[]>();
  for (const e of calls) {
    const list = into.get(e.to);
    if (list) list.push(e);
    else into.set(e.to, [e]);
  }
  const functions = index.symbols.filter((s) => (s.kind === 'function' || s.kind === 'method') && !/^__\w+__$/.test(bare(s)));
  const targets = sample(functions, n, seed).flatMap((s) => {
    const pos = defPosition(s);
    return pos ? [{ sym: s, pos }] : [];
  });
  const cache = new Map<string, string[]>();
  const answers = jedi(root, targets.map((t) => t.pos), []);
  let expected = 0;
  let found = 0;
  let failed = 0;
  const misses = new Map<string, number>();
  const missList: string[] = [];
  const extras: { edge: Edge; line: number; target: PySymbol; pos: Position; at: Position }[] = [];
  targets.forEach((t, i) => {
    const sites = answers.refs[i];
    if (sites === null || sites === undefined) {
      failed++;
      return;
    }
    const ours = new Set<string>();
    for (const e of into.get(t.sym.id) ?? []) {
      const file = index.byId.get(e.from)?.file;
      for (const line of e.lines ?? []) if (file) ours.add(`${file}:${line}`);
    }
    const theirs = new Set(sites.map(([f, l]) => `${f}:${l}`));
    for (const [f, l] of sites) {
      // jedi lists a property's other definitions (`def x(self)` of its setter) as references: not calls.
      if (/^\s*(?:async\s+)?(?:def|class)\s/.test(sourceLines(root, f, cache)[l - 1] ?? '')) continue;
      expected++;
      if (ours.has(`${f}:${l}`)) found++;
      else {
        const text = sourceLines(root, f, cache)[l - 1] ?? '';
        const kind = construct(text, bare(t.sym));
        misses.set(kind, (misses.get(kind) ?? 0) + 1);
        missList.push(`  missed ${t.sym.id} at ${f}:${l} (${kind}): ${text.trim().slice(0, 100)}`);
      }
    }
    for (const e of into.get(t.sym.id) ?? []) {
      const file = index.byId.get(e.from)?.file;
      if (!file) continue;
      for (const line of e.lines ?? []) {
        if (theirs.has(`${file}:${line}`)) continue;
        const column = nameColumn(sourceLines(root, file, cache)[line - 1] ?? '', bare(t.sym));
        if (column !== undefined) extras.push({ edge: e, line, target: t.sym, pos: t.pos, at: { file, line, column } });
      }
    }
  });
  // Heuristic edges of the whole repository, sampled.
  const heuristic = sample(
    calls.filter((e) => e.resolution === 'heuristic'),
    heuristics,
    seed + 1,
  ).flatMap((edge) => {
    const target = index.byId.get(edge.to);
    const file = index.byId.get(edge.from)?.file;
    const pos = target && defPosition(target);
    const line = edge.lines?.[0];
    if (!target || !file || !pos || line === undefined) return [];
    const column = nameColumn(sourceLines(root, file, cache)[line - 1] ?? '', bare(target));
    return column === undefined ? [] : [{ edge, target, pos, at: { file, line, column } }];
  });
  const gotos = jedi(root, [], [...extras.map((x) => x.at), ...heuristic.map((h) => h.at)]).goto;
  const byResolution = new Map<string, Verdicts>();
  const lineText = (file: string, line: number): string => (file.startsWith('<') ? '' : (sourceLines(root, file, cache)[line - 1] ?? ''));
  const wrongExtras: string[] = [];
  extras.forEach((x, i) => {
    const v = verdict(gotos[i] ?? null, x.target, x.pos, lineText);
    if (v === 'wrong') wrongExtras.push(`  jedi disagrees: ${x.edge.from} -> ${x.target.id} (${x.edge.resolution}) at ${x.at.file}:${x.at.line}; jedi: ${JSON.stringify(gotos[i])}`);
    const key = x.edge.resolution;
    const row = byResolution.get(key) ?? { right: 0, wrong: 0, unknown: 0 };
    row[v]++;
    byResolution.set(key, row);
  });
  const bands = new Map<string, Verdicts>();
  const wrongHeuristic: string[] = [];
  heuristic.forEach((h, i) => {
    const v = verdict(gotos[extras.length + i] ?? null, h.target, h.pos, lineText);
    const c = h.edge.confidence ?? 0;
    const band = c >= 0.8 ? '>= 0.8' : c >= 0.5 ? '0.5-0.8' : '< 0.5';
    const row = bands.get(band) ?? { right: 0, wrong: 0, unknown: 0 };
    row[v]++;
    bands.set(band, row);
    if (v === 'wrong') wrongHeuristic.push(`  wrong heuristic ${h.edge.from} -> ${h.edge.to} at ${h.at.file}:${h.at.line} (confidence ${c})`);
  });
  out.push(`${root}: ${index.symbols.length} symbols, ${calls.length} calls edges (${calls.filter((e) => e.resolution === 'heuristic').length} heuristic)${parameterFlow ? ', parameter flow on' : ''}`);
  out.push(`recall of jedi's call sites: ${found}/${expected} = ${pct(found, expected)} over ${targets.length - failed} sampled functions (${failed} jedi could not answer)`);
  for (const [kind, count] of [...misses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) out.push(`  missed, ${kind}: ${count}`);
  for (const [resolution, v] of [...byResolution].sort()) {
    const note = resolution === 'dispatch' ? ' (jedi does not model dispatch: it lands on the base method)' : '';
    out.push(`our call sites jedi did not list, ${resolution}: ${v.right + v.wrong + v.unknown} (jedi's goto: ${v.right} right, ${v.wrong} wrong, ${v.unknown} unknown; precision ${pct(v.right, v.right + v.wrong)})${note}`);
  }
  let hr = 0;
  let hw = 0;
  for (const [band, v] of [...bands].sort()) {
    hr += v.right;
    hw += v.wrong;
    out.push(`heuristic edges, confidence ${band}: ${v.right + v.wrong + v.unknown} sampled (${v.right} right, ${v.wrong} wrong, ${v.unknown} unknown; precision ${pct(v.right, v.right + v.wrong)})`);
  }
  out.push(`heuristic edges overall: precision ${pct(hr, hr + hw)} (${hr} right, ${hw} wrong of ${heuristic.length} sampled)`);
  if (process.argv.includes('--details')) out.push(...missList, ...wrongExtras, ...wrongHeuristic);
  return out;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} needs a non-negative number`);
  return Math.floor(value);
}

async function main(): Promise<void> {
  const root = process.argv[2];
  if (!root || root.startsWith('--')) throw new Error('usage: npm run eval:callers -- <python repo> [--sample N] [--heuristics M] [--seed S] [--parameter-flow] [--details]');
  const lines = await evalCallers(root, option('--sample', 40), option('--heuristics', 60), option('--seed', 7), process.argv.includes('--parameter-flow'));
  console.log(lines.join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
