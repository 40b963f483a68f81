// Memory probe (not shipped): peak RSS per phase of `graph`. Usage: node probe.mjs ROOT [scan|assemble|json|clone] [snapshot]
// `clone`: CPU of one structured clone of every record (what a worker would send back) and of one more compaction pass.

import v8 from 'node:v8';
import { renderGraphCommand } from '../src/cli/commands/graph.js';
import { assembleIndex, scanRepository } from '../src/pipeline/indexRepository.js';
import { createRecordCompactor } from '../src/python/compactRecord.js';
import { redactIndex } from '../src/review/redactIndex.js';

const root = process.argv[2]!;
const stop = process.argv[3] ?? 'json';
const mb = (n: number) => (n / 1048576).toFixed(0);
function report(label: string) {
  const m = process.memoryUsage();
  console.error(`${label.padEnd(10)} rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} ext ${mb(m.external)}`);
}
report('start');
const scanned = await scanRepository(root, {});
report('scanned');
const cpu = (f: () => void) => {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return ((d.user + d.system) / 1000).toFixed(0);
};
if (stop === 'clone') {
  console.error(`structuredClone of ${scanned.files.length} records: ${cpu(() => structuredClone(scanned.files))} ms CPU`);
  const compact = createRecordCompactor();
  console.error(`compaction pass: ${cpu(() => scanned.files.forEach(compact))} ms CPU`);
}
if (stop !== 'scan' && stop !== 'clone') {
  const index = assembleIndex(root, scanned.files, scanned.skippedFiles, {});
  report('assembled');
  await redactIndex(index);
  report('redacted');
  if (stop === 'json') {
    const text = renderGraphCommand(index, { format: 'json', resolution: 'all' });
    report('rendered');
    process.stdout.write(`${String(text.length)}\n`);
  }
}
if (process.argv[4]) v8.writeHeapSnapshot(process.argv[4]);
