#!/usr/bin/env node
// Process entry of the CLI bundle (dist/cli.js). main.ts stays free of side effects so tests and the
// package API can import it.
import { runCli } from './main.js';
import { preferSmallHeap } from '../shared/smallHeap.js';

preferSmallHeap();

process.exitCode = await runCli(process.argv.slice(2));
