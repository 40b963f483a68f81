import type { WordIndex } from '../files/prefilter.js';
import type { FileRecord, PySymbol } from '../model.js';
export interface Corpus {
    /** Every discovered Python file, POSIX, sorted; file numbers index this list. */
    paths: readonly string[];
    /** Replaced by NO_WORDS once no round selects files any more (its memory goes). */
    words: WordIndex;
}
export interface ModuleLookup {
    /** Files whose path-based module id is `dotted` or ends with `.dotted`. */
    files(dotted: string): readonly number[];
    /** Dotted keys one segment below `dotted` (`a.b` -> `a.b.c`, `a.b.d`). */
    children(dotted: string): readonly string[];
}
export declare function buildModuleLookup(paths: readonly string[]): ModuleLookup;
/**
 * A name to follow into a module file: how `name` is bound at its top level decides what else must be
 * parsed. `name` '' is the module itself, bound as a name in `spelledBy` (`import a.b`): every top-level
 * name of it that file spells; '*' is every top-level name (a star import).
 */
export interface Chase {
    file: number;
    name: string;
    spelledBy: number;
}
/** What a file needed whole asks of its imports: every name it imports, followed. */
export declare function importChases(file: FileRecord, fileNumber: number, corpus: Corpus, modules: ModuleLookup): Chase[];
/** Follow `chase` in its (parsed) file: the imports that bind the name, and what its definition refers to. */
export declare function chaseIn(record: FileRecord, chase: Chase, corpus: Corpus, modules: ModuleLookup): Chase[];
export declare function bareNameOf(symbol: PySymbol): string;
/**
 * What the partial index already proves about names (onDemandRounds.ts builds it each round).
 * `crowded(name)`: more project methods named `name` than the resolver's name-only fallback links to
 * (graph/resolver/heuristic.ts), counted among parsed files only, so the full index has at least as many: no
 * name-only edge by that name exists either way. `subclassNames(id)`: names of the known subclasses of a
 * class, transitively.
 */
export interface Known {
    crowded(name: string): boolean;
    subclassNames(classId: string): readonly string[];
}
/** Files that may call, use, subclass or import `symbol` (callers exact). */
export declare function callerNeeds(symbol: PySymbol, parent: PySymbol | undefined, corpus: Corpus, known: Known): Set<number>;
/** Files that may define what `symbol` calls or uses (callees exact). */
export declare function calleeNeeds(symbol: PySymbol, corpus: Corpus, known: Known): Set<number>;
