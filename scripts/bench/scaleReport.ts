// Renders the whole-process rows and the synthetic monorepo as tables, with the targets
// beside the figures they judge. Pure: measurements in, text out.
import Table from 'cli-table3';
import type { RowResult } from './processes.js';
import type { ScaleReport } from './scale.js';

const s = (n: number | undefined): string => (n === undefined ? '-' : `${n.toFixed(2)} s`);
const mb = (n: number | undefined): string => (n === undefined ? '-' : `${Math.round(n).toLocaleString('en-US')} MiB`);
const x = (n: number | undefined): string => (n === undefined ? 'n/a' : `${n.toFixed(2)}x`);
const verdict = (ok: boolean | undefined): string => (ok === undefined ? 'n/a' : ok ? 'PASS' : 'MISS');
/** Memory targets are in decimal MB; RSS is measured in KiB. */
const withinMB = (mib: number | undefined, limitMb: number): boolean | undefined => (mib === undefined ? undefined : (mib * 1024 * 1024) / 1e6 <= limitMb);

function rowCells(r: RowResult): string[] {
  if (r.unavailable) return [r.name, r.unavailable, '', '', ''];
  if (r.failure && r.runs.length === 0) return [r.name, 'failed', '', '', r.failure];
  return [r.name, s(r.wallS), s(r.cpuS), mb(r.maxRssMiB), `${r.note}${r.failure ? `; a later run failed: ${r.failure}` : ''}`];
}

export function renderScale(report: ScaleReport, rounds: number, warmup: number): string {
  const parts = [`whole processes, side by side (median of ${rounds} after ${warmup} warm-up; CPU = user + system of the process tree; ${report.cli}; ${report.repomix})`];
  for (const corpus of report.corpora) {
    const table = new Table({ head: ['row', 'wall', 'CPU', 'peak RSS', 'what'], style: { head: [], border: [] }, wordWrap: true, colWidths: [22, 12, 10, 12, 70] });
    table.push(...corpus.rows.map(rowCells));
    const by = (name: string) => corpus.rows.find((r) => r.name === name);
    const pr = by('cold PR digest');
    const warm = by('warm PR digest');
    const cpuWithin = (row: RowResult | undefined, limitS: number) => verdict(row?.cpuS === undefined ? undefined : row.cpuS <= limitS);
    table.push(['cold PR / parse-only', x(corpus.prOverParse), 'CPU', verdict(corpus.prOverParse === undefined ? undefined : corpus.prOverParse <= 3), 'target <= 3.0x (Django)']);
    table.push(['repomix / cold PR', x(corpus.repomixOverPr), 'CPU', verdict(corpus.repomixOverPr === undefined ? undefined : corpus.repomixOverPr >= 4), 'target >= 4x (Django)']);
    if (corpus.name === 'werkzeug') table.push(['cold PR CPU', s(pr?.cpuS), '', cpuWithin(pr, 1), 'target <= 1.0 s (a library of about 50 files)']);
    if (corpus.name === 'django') {
      table.push(['warm PR wall', s(warm?.wallS), '', verdict(warm?.wallS === undefined ? undefined : warm.wallS <= 1), 'target <= 1.0 s']);
      table.push(['cold PR peak RSS', mb(pr?.maxRssMiB), '', verdict(withinMB(pr?.maxRssMiB, 200)), 'target <= 200 MB']);
    }
    if (corpus.name === 'sympy') table.push(['cold PR CPU', s(pr?.cpuS), '', cpuWithin(pr, 20), 'target <= 20 s']);
    const changed = corpus.changed.map((c) => `${c.path}:${c.line} ${c.name}`).join(', ');
    parts.push(`${corpus.name} (${corpus.repo}; changed: ${changed})\n${table.toString()}`);
  }
  if (report.synthetic.length > 0) {
    const table = new Table({ head: ['files', 'PR wall', 'PR CPU', 'PR peak RSS', 'graph wall', 'graph CPU', 'graph peak RSS', 'notes'], style: { head: [], border: [] }, wordWrap: true, colWidths: [9, 10, 10, 12, 11, 11, 14, 50] });
    for (const size of report.synthetic) {
      const [pr, graph] = size.rows as [RowResult, RowResult];
      const notes = [pr, graph].filter((r) => r.failure || r.unavailable).map((r) => `${r.name}: ${r.unavailable ?? r.failure}`).join('; ');
      table.push([size.files.toLocaleString('en-US'), s(pr.wallS), s(pr.cpuS), mb(pr.maxRssMiB), s(graph.wallS), s(graph.cpuS), mb(graph.maxRssMiB), notes || '-']);
    }
    const largest = report.synthetic.find((size) => size.files === 100_000);
    const pr = largest?.rows[0];
    const within = pr === undefined || pr.unavailable ? undefined : !pr.failure && pr.maxRssMiB !== undefined && pr.maxRssMiB <= 7 * 1024;
    const verdictLine = largest ? `\n100,000-file PR digest completes within 7 GB: ${verdict(within)}` : '';
    parts.push(`synthetic monorepo (one run per size; targets: the 100k PR digest completes within 7 GB with the heap the Action gets there, time linear in files)\n${table.toString()}${verdictLine}`);
  }
  return `${parts.join('\n\n')}\n`;
}
