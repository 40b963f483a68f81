#!/usr/bin/env node
import { preferSmallHeap } from '../shared/smallHeap.js';
// Process entry of the CLI bundle (dist/cli.js). main.ts stays free of side effects so tests and the
// package API can import it.
import { runCli } from './main.js';

preferSmallHeap();

process.exitCode = await runCli(process.argv.slice(2));
