// The "token encoder start-up" rows of the hostile-input bench (hostileInput.ts). Bundled by esbuild
// exactly as scripts/build/build.mjs bundles dist/ (rank tables written beside it by the build's own
// scripts/build/rankTables.ts), then run as a fresh Node process: what a run of dist/ pays, from the first
// import of the counter to the first count. Prints one JSON line (wall ms, CPU ms, where the table came from).
import { loadRankTable } from '../../src/pack/loadRanks.js';

import { cpuNow, timeFirstCount } from './firstCount.js';

const { ms, cpuMs } = await timeFirstCount();
// Where the table came from (a second load: the counter's own load is not observable from outside).
const from = loadRankTable('o200k_base').from;
process.stdout.write(JSON.stringify({ ms, cpuMs, detail: `table from ${from === 'bundle' ? 'the file beside the bundle' : from}; process ${cpuNow().toFixed(0)} ms CPU in all, Node start-up included` }));
