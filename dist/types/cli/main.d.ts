import { Command } from 'commander';
import { type CliIo } from './io.js';
export declare function buildProgram(io?: CliIo): Command;
/** Runs the CLI; returns the exit code instead of exiting, so tests can call it in-process. */
export declare function runCli(argv: string[], io?: CliIo): Promise<number>;
