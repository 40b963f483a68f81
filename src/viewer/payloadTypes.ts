// The viewer's data contract between the generator (Node) and the page (browser): one compact JSON
// object, columnar, with strings interned into tables and edges as flat integer arrays.
//
// Decisions:
// - Columnar arrays of numbers and one table per repeated string (files, kinds, resolutions) keep
//   a large project's payload small before compression (numbers print short; repeated paths appear once).
// - A symbol's name is its id relative to its parent's (`Class.method` -> `method` under `Class`), so
//   the page rebuilds full ids without storing each dotted prefix again.
// - Edge kinds, resolutions, symbol kinds and change kinds are open strings in tables: the page has
//   styles for the known ones and a fallback for any other, so a new kind from another producer shows
//   up (in the fallback style and the legend) instead of breaking the page.
// - `contains` edges are not listed: `parent` carries the same tree.

export interface ViewerPayload {
  /** Format version: the page refuses a payload it does not know. */
  v: 1;
  mode: 'repo' | 'pr';
  title: string;
  /** Free text lines shown under the title (scan root, PR range, notes). */
  notes: string[];
  files: string[];
  symbolKinds: string[];
  edgeKinds: string[];
  resolutions: string[];
  symbols: {
    /** Id relative to the parent's id (full id for roots). */
    name: string[];
    /** Index of the parent symbol, -1 for a root. */
    parent: number[];
    kind: number[];
    /** Index into files, -1 for a package without its own file. */
    file: number[];
    line: number[];
    end: number[];
    /** Header (decorators, def/class line), '' when none. */
    sig: string[];
    doc: string[];
    /** Bit flags: 1 test code, 2 from a partially parsed file. */
    flags: number[];
  };
  /** Flat [from, to, kind, resolution, line] quintuples; line is the first call site, 0 when none. */
  edges: number[];
  /** PR impact only. */
  pr?: {
    changeKinds: string[];
    /** Flat [symbol, changeKind] pairs. */
    changed: number[];
    /** Flat [from, to, line] triples: call sites that likely break. */
    broken: number[];
    /** Reason text per broken triple. */
    brokenWhy: string[];
  };
}

export const FLAG_TEST = 1;
export const FLAG_PARTIAL = 2;
export const EDGE_STRIDE = 5;
