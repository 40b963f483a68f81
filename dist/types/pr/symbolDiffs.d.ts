import { type GitDeps } from '../diff/gitDiff.js';
import type { PrChanges } from '../diff/prChanges.js';
import { type SymbolChangeInfo } from '../diff/symbolDiff.js';
import type { FileRecord, PySymbol } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';
/**
 * The header of a definition: from its `def`/`class` line to the colon that ends it, one line, comments
 * left out. A comment is removed where it is, not from the first `#` of the joined line to its end: a
 * `# deprecated` comment between two parameters would otherwise cut the header there, losing the
 * parameters after it and the `) -> None:`.
 */
export declare function headerOf(full: string): string | undefined;
export interface SymbolDiffsInput {
    repoDir: string;
    changes: PrChanges;
    /** Head symbols by id (the index; spans as git's head when the tree is head). */
    headSymbol: (id: string) => PySymbol | undefined;
    /** Head symbols nested in a class (its methods), for a moved class's own lines. */
    headMembers: (id: string) => readonly PySymbol[];
    parser: PythonParser;
    git: GitDeps;
    /** How a version read from git is extracted (cache/cachedExtract.ts revisionExtractor); default extractFile. */
    extract?: (parser: PythonParser, path: string, text: string) => FileRecord;
    /** A path id of the files read from git -> the id the changes use (pipeline/indexRepository.ts importIdOf); default identity. */
    idOf?: (pathId: string) => string;
}
/** Every changed symbol's diff lines, by id. */
export declare function collectSymbolDiffs(input: SymbolDiffsInput): Promise<Map<string, SymbolChangeInfo>>;
