import type { CliIo } from './io.js';
export declare function redactedIo(io: CliIo, secrets: ReadonlyMap<string, string> | undefined): CliIo;
