import { type GitDeps } from '../diff/gitDiff.js';
import type { PrChanges } from '../diff/prChanges.js';
import type { RemovedReference } from '../diff/removedReferences.js';
import type { FileRecord, RepoIndex } from '../model.js';
import { type PythonParser } from '../python/treeSitter.js';
import { type AffectedTests } from '../review/affectedTests.js';
import { type ReviewFindings } from '../review/breakingSites.js';
import { type SecretTable } from '../review/redact.js';
export interface PrReview {
    findings: ReviewFindings;
    tests: AffectedTests;
    notes: string[];
}
export interface PrReviewInput {
    repoDir: string;
    changes: Pick<PrChanges, 'source' | 'mergeBase' | 'files' | 'scanPrefix' | 'changed' | 'nonPython'> & Partial<Pick<PrChanges, 'head'>>;
    index: RepoIndex;
    /** The digest's own "removed but still referenced" list (diff/removedReferences.ts), folded in. */
    removedReferences?: readonly RemovedReference[];
    /** Secrets to redact from the signatures shown (base signatures come from git, not the redacted index). */
    secrets?: SecretTable;
    /** Removed methods a base class still defines: the method their calls now reach (diff/removedAnswers.ts). */
    inherited?: ReadonlyMap<string, string>;
    /** How a base version read from git is extracted (cache/cachedExtract.ts revisionExtractor); default extractFile. */
    extract?: (parser: PythonParser, path: string, text: string) => FileRecord;
    /**
     * Ids of changes that cannot change what a call does (annotation, docstring or formatting only,
     * diff/changeClass.ts): no test is said to reach them and their signature reports are left out.
     */
    mechanical?: ReadonlySet<string>;
    /**
     * Ids of changes that cannot change what the code does when it runs (docstring, comment or
     * formatting only): they select no must-run test. An annotation-only change still does: Python
     * evaluates annotations at run time where dataclasses, attrs and `typing.get_type_hints` read them.
     */
    inert?: ReadonlySet<string>;
}
/**
 * Asks git now for the file list headStubs reads later (a whole tree's listing: about 0.1 s of wall
 * time on a few thousand files), so that it runs on another core while the tree is scanned; `git` must
 * be the run's memoised git (pr/runMemo.ts), which hands the answer to the later ask. Failures are
 * left to that ask.
 */
export declare function listStubsEarly(repoDir: string, changes: Pick<PrChanges, 'source' | 'changed' | 'head'>, git: GitDeps): void;
export declare function reviewPr(input: PrReviewInput, git?: GitDeps): Promise<PrReview>;
