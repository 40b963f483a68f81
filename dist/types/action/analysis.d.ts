import type { ChangedSymbolRow } from '../pack/document.js';
import type { EventInfo } from './event.js';
import type { DigestProduct, DigestRequest } from './runDigest.js';
import type { Settings } from './settings.js';
export type AnalysisOutcome = {
    kind: 'done';
    product: DigestProduct;
} | {
    kind: 'timedOut';
    changed: ChangedSymbolRow[] | undefined;
};
/** Runs the analysis for at most `limitMs`; on time out the worker is stopped and what it had said is returned. */
export declare function analyseWithin(settings: Readonly<Settings>, request: DigestRequest, event: EventInfo, limitMs: number, log: (line: string) => void): Promise<AnalysisOutcome>;
/** True inside the analysis worker: main.ts then runs the job instead of the action. */
export declare function isAnalysisWorker(): boolean;
export declare function runAnalysisWorker(): Promise<void>;
