// The order in which the packer considers symbols: roots, then breadth-first rounds outward.
//
// The rule (exactly):
// - Two frontiers start as the roots: DOWN (whose callees are next) and UP (whose callers are next).
// - Rounds alternate: a callee hop expands every symbol of DOWN at once, then a caller hop expands every
//   symbol of UP at once, then callees again, and so on. A direction whose frontier is empty is passed
//   over; expansion ends when both are empty. So each direction advances one hop per two rounds and
//   neither starves the other, however wide one side is.
// - Directions stay consistent: callees of callees go down, callers of callers go up (callees of a
//   caller would be siblings, not context). A symbol joins a frontier the first time it is reached in
//   that direction, even if the other direction already offered it; it is offered to the packer once.
// - A hop's new symbols come by the strongest edge that reached them (resolved, dispatch, heuristic;
//   heuristic ones by confidence, highest first), then by id. With `resolution: 'resolved'`,
//   heuristic edges are not followed at all (dispatch ones are: adjacency.ts isProved).
// - The order depends only on the graph, not on what fitted: a skipped symbol's neighbours are still
//   reached, so a smaller, farther symbol can use space a large near one could not. One exception,
//   the next rule, asks whether a class was packed in full.
// - A whole class stands for its body. When a class was packed in full (a root or not), its text holds
//   all its methods (and anything else nested in it: its `members`); a root class that did not fit is
//   whole too (its body is what was asked for). So when it is expanded, its neighbours are its own plus
//   those of every member: callees of its methods in a callee hop, callers of its methods in a caller
//   hop; and in a caller hop also its subclasses (`inherits` edges pointing at it: code that builds on
//   the class, as a caller does), and in a callee hop its bases (what the class builds on, as a callee
//   is). Members themselves are not neighbours (calls between methods of the class stay inside it).
//   Everything else holds: the neighbours of all frontier symbols are merged, resolved first then by
//   id, one hop further. A class packed as a signature or as its own changed lines (a PR's modified
//   class), or a skipped non-root, is expanded as itself only: its methods' bodies are not in the
//   document. A module or class shown as its own changed lines stands, in a callee hop, only for the
//   calls on those lines (`calleesOn`): its other module-level or class-level code is not in the
//   document either. Whether a class was packed in full is known in time: a frontier is expanded only
//   after every symbol in it was offered and decided. Members reached through other symbols are still
//   offered; the packer skips them as inside the class (packState.ts), so no code is packed twice.
// - Late roots (a PR's changed tests, `late`): in every round (a callee hop and a caller hop), what is
//   reached only through them or through what only they reached comes after what the other roots
//   reach in either direction, each part in `compare` order (callee hop, then caller hop). A changed
//   test's callees are mostly the API it drives (the overloads of a decorator it uses would otherwise
//   be packed ahead of what the changed code calls), and they must not take the room of the changed
//   code's callers either (when late parts waited only within a hop, the classes a new test constructs
//   and their constructors pushed a caller of the changed method out of the budget).

import { type Adjacency, compareNeighbours, isProved, mergeInto, type Neighbour, type ResolutionFilter } from '../graph/adjacency.js';
import type { ClassLookups } from '../graph/classNeighbours.js';
import type { Resolution } from '../model.js';
import type { PackDirection } from './document.js';

export interface Candidate {
  id: string;
  hop: number;
  direction: PackDirection;
  resolution?: Resolution;
}

/** A symbol reached in one hop: its best resolution and how many call sites reach it. */
export interface Reached {
  id: string;
  resolution: Resolution;
  sites: number;
  /** Heuristic edges: the best confidence among the edges that reach it (graph/resolver/confidence.ts). */
  confidence?: number;
}

export interface ExpansionInput {
  /**
   * Order of one hop's new symbols (a PR digest ranks neighbours by relevance); default: resolved
   * first, then id. Ties must end on the id, so the order stays a function of the graph.
   */
  compare?: (a: Reached, b: Reached) => number;
  roots: readonly string[];
  adjacency: Adjacency;
  /** Only ids this accepts are reached (unknown ids from a stale graph are ignored). */
  exists(id: string): boolean;
  resolution: ResolutionFilter;
  /** Roots whose neighbourhood comes after the others' in every hop (the late-roots rule above). */
  late?: (rootId: string) => boolean;
  /**
   * A symbol shown only in part (a PR's module or class as its changed lines): in a callee hop it
   * stands for the calls on these lines of its file only (the rule above). Unset: all its calls.
   */
  calleesOn?: (id: string) => ReadonlySet<number> | undefined;
  /** Whole classes (see the rule above); without it every symbol is expanded as itself. */
  classes?: ClassLookups & {
    /** `id` is a class that was packed in full, or a root class that was not packed. */
    isWhole(id: string): boolean;
  };
}

/** The neighbour lists `from` contributes to a hop in `direction`. */
function neighbourLists(input: ExpansionInput, from: string, direction: 'callee' | 'caller'): (readonly Neighbour[])[] {
  const of = (id: string) => (direction === 'callee' ? input.adjacency.callees(id) : input.adjacency.callers(id));
  const classes = input.classes;
  if (!classes?.isWhole(from)) {
    const on = direction === 'callee' ? input.calleesOn?.(from) : undefined;
    return [on === undefined ? of(from) : of(from).filter((n) => n.lines.some((line) => on.has(line)))];
  }
  const members = classes.members(from);
  const inside = new Set([from, ...members]);
  const lists = [from, ...members].map(of);
  lists.push(direction === 'caller' ? classes.subclasses(from) : classes.bases(from));
  return lists.map((list) => list.filter((n) => !inside.has(n.id)));
}

/** resolved, dispatch, heuristic by confidence, then id (graph/adjacency.ts). */
function defaultCompare(a: Reached, b: Reached): number {
  return compareNeighbours({ ...a, lines: [] }, { ...b, lines: [] });
}

export function* expansionOrder(input: ExpansionInput): Generator<Candidate> {
  const offered = new Set<string>();
  for (const id of input.roots) {
    if (offered.has(id)) continue;
    offered.add(id);
    yield { id, hop: 0, direction: 'root' };
  }
  const seen = { callee: new Set(offered), caller: new Set(offered) };
  const frontier = { callee: [...offered], caller: [...offered] };
  const lateRoots = input.late ? [...offered].filter((id) => input.late!(id)) : [];
  // Per direction: ids reached only through late roots.
  const lateOnly = { callee: new Set(lateRoots), caller: new Set(lateRoots) };
  const hop = { callee: 0, caller: 0 };
  while (frontier.callee.length > 0 || frontier.caller.length > 0) {
    // One round: a callee hop and a caller hop, each from its own frontier (decided in earlier rounds).
    const round: { direction: 'callee' | 'caller'; hop: number; early: Reached[]; late: Reached[] }[] = [];
    for (const direction of ['callee', 'caller'] as const) {
      if (frontier[direction].length === 0) continue;
      const reached = new Map<string, Reached>();
      const early = new Set<string>();
      for (const from of frontier[direction]) {
        const fromLate = lateOnly[direction].has(from);
        for (const neighbours of neighbourLists(input, from, direction)) {
          for (const n of neighbours) {
            if (input.resolution === 'resolved' && !isProved(n.resolution)) continue;
            if (seen[direction].has(n.id) || !input.exists(n.id)) continue;
            const sites = Math.max(1, n.lines?.length ?? 0);
            if (!fromLate) early.add(n.id);
            const known = reached.get(n.id);
            if (!known) reached.set(n.id, n.confidence === undefined ? { id: n.id, resolution: n.resolution, sites } : { id: n.id, resolution: n.resolution, sites, confidence: n.confidence });
            else {
              known.sites += sites;
              mergeInto(known, n);
            }
          }
        }
      }
      const compare = input.compare ?? defaultCompare;
      const sorted = [...reached.values()].sort(compare);
      const late = sorted.filter((r) => !early.has(r.id));
      for (const r of late) lateOnly[direction].add(r.id);
      const next = [...sorted.filter((r) => early.has(r.id)), ...late];
      hop[direction]++;
      for (const r of next) seen[direction].add(r.id);
      frontier[direction] = next.map((n) => n.id);
      round.push({ direction, hop: hop[direction], early: next.slice(0, next.length - late.length), late });
    }
    // What only late roots reach waits for what the other roots reach in both directions of the round.
    for (const part of ['early', 'late'] as const) {
      for (const r of round) {
        for (const { id, resolution } of r[part]) {
          if (offered.has(id)) continue;
          offered.add(id);
          yield { id, hop: r.hop, direction: r.direction, resolution };
        }
      }
    }
  }
}
