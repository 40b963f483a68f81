#!/usr/bin/env node
import { preferLateTierUp } from '../shared/lateTierUp.js';
import { preferSmallHeap } from '../shared/smallHeap.js';
// Process entry of the CLI bundle (dist/cli.js). main.ts stays free of side effects so tests and the
// package API can import it.
import { runCli } from './main.js';

preferSmallHeap();
preferLateTierUp();

// `repodigest graph . | head`: the reader closed the pipe and wants no more. Exit quietly, as cat
// and ripgrep do, instead of an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

process.exitCode = await runCli(process.argv.slice(2));
