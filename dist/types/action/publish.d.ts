import { type ArtifactResult } from './artifact.js';
import type { EventInfo } from './event.js';
import { type ActionOutputs } from './outputs.js';
import type { DigestProduct } from './runDigest.js';
import type { Settings } from './settings.js';
export interface Delivery {
    /** Markdown for the comment and summary. */
    markdown: string;
    digestPath: string;
    jsonPath: string;
    /** Files to upload as the artifact (absolute, one directory). */
    artifactFiles: string[];
    /** graph.html, the interactive viewer of the PR's impact, when written (input `viewer`). */
    viewerPath?: string;
    totals: Partial<Pick<DigestProduct, 'totalTokens' | 'budget' | 'changedSymbols' | 'packedSymbols' | 'skippedSymbols' | 'tests' | 'testsMustRun' | 'testsJson' | 'breaking'>>;
    /**
     * Post only if the PR's head is this commit. Set for `post-digest` under `workflow_run`: there the PR
     * number arrives through an artifact the PR's own run produced (a fork can edit that workflow), so
     * it is checked against the commit GitHub says the run built before anything is posted.
     */
    requireHeadSha?: string;
}
/** Writes the digest files into `outDir`; returns where they went. */
export declare function writeDigestFiles(settings: Readonly<Settings>, product: DigestProduct, outDir: string): Delivery;
/** `gate` is the `fail-on` verdict, set as an output before the step fails on it (action/main.ts). */
export declare function publish(settings: Readonly<Settings>, event: EventInfo, delivery: Delivery, env: NodeJS.ProcessEnv, gate?: ActionOutputs['gate']): Promise<ActionOutputs>;
/** Where graph.html is: in the uploaded artifact (linked when the run's URL is known), else only on the runner. */
export declare function viewerNote(settings: Readonly<Settings>, artifact: ArtifactResult | undefined, runUrl: string | undefined): string;
