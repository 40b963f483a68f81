import type { Edge } from '../model.js';
import { type EntrySink } from './entryFrame.js';
/** What an entry must be to answer a lookup. */
export interface GraphEntryKey {
    namespace: string;
    /** The tree key (graphCache.ts): the files' paths and contents and the graph options. */
    tree: string;
}
export type DecodedGraph = {
    ok: true;
    edges: Edge[];
} | {
    ok: false;
    reason: string;
};
/** Writes the entry for `edges` into `sink`, streamed (entryFrame.ts): the payload is never one string. */
export declare function writeGraphEntry(sink: EntrySink, key: GraphEntryKey, edges: readonly Edge[]): void;
/** The entry's bytes, in memory. */
export declare function encodeGraphEntry(key: GraphEntryKey, edges: readonly Edge[]): Buffer;
/** The edges an entry holds, or why it cannot be trusted (one short phrase). `known`: the ids of the files indexed. */
export declare function decodeGraphEntry(key: GraphEntryKey, bytes: Buffer, known: ReadonlySet<string>): DecodedGraph;
