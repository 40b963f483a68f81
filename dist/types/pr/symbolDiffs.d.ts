import { type GitDeps } from '../diff/gitDiff.js';
import type { PrChanges } from '../diff/prChanges.js';
import { type SymbolChangeInfo } from '../diff/symbolDiff.js';
import type { FileRecord, PySymbol } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';
/**
 * The header of a definition: from its `def`/`class` line to the colon that ends it, one line, comments
 * left out. A comment is removed where it is, not from the first `#` of the joined line to its end:
 * httpx 1805ee0d's `Client.__init__` had `# Deprecated in favor of ...` between its parameters, and the
 * old header shown was cut there, without the `verify` and `cert` the change removed, nor `) -> None:`.
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
