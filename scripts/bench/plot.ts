// The synthetic monorepo's plot: CPU time and peak RSS vs. files, for the PR digest and cold `graph`.
// The SVG is made here (pure, deterministic); the PNG the README shows is that SVG rendered by
// Debian's chromium through playwright-core (no image library needed). A dashed line extends the
// smallest size's time proportionally, so linear growth shows as points on it. A run that failed
// (killed, out of memory) is drawn as a cross at its last measured time and memory, labelled.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RowResult } from './processes.js';
import type { SyntheticScale } from './scale.js';

const W = 420;
const H = 300;
const M = { left: 56, right: 16, top: 34, bottom: 44 };
const COLORS = { pr: '#1f6feb', graph: '#d1242f', ref: '#8c959f' };

interface Point {
  files: number;
  value: number;
  failed: boolean;
}

/** Failed runs carry their figures in the failure text: "(after X s wall, Y s CPU, peak RSS Z GiB)". */
function pointOf(files: number, row: RowResult, what: 'cpu' | 'rss'): Point | undefined {
  if (row.cpuS !== undefined && row.maxRssMiB !== undefined) return { files, value: what === 'cpu' ? row.cpuS : row.maxRssMiB / 1024, failed: false };
  const m = /after ([\d.]+) s wall, ([\d.]+) s CPU, peak RSS ([\d.]+) GiB/.exec(row.failure ?? '');
  if (!m) return undefined;
  return { files, value: what === 'cpu' ? Number(m[2]) : Number(m[3]), failed: true };
}

/** Axis top and tick step: 4-5 ticks of 1, 2, 2.5 or 5 times a power of ten. */
function niceAxis(v: number): { max: number; step: number } {
  const raw = (v * 1.1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((c) => c >= raw)!;
  return { max: Math.ceil((v * 1.1) / step) * step, step };
}

function panel(x0: number, title: string, unit: string, series: { color: string; points: Point[] }[], limits: { value: number; label: string; color: string }[], reference: boolean): string {
  const all = series.flatMap((s) => s.points);
  const maxFiles = Math.max(...all.map((p) => p.files), 1);
  const axis = niceAxis(Math.max(...all.map((p) => p.value), ...limits.map((l) => l.value), 0.001));
  const maxY = axis.max;
  const px = (f: number): number => x0 + M.left + (f / maxFiles) * (W - M.left - M.right);
  const py = (v: number): number => M.top + (1 - v / maxY) * (H - M.top - M.bottom);
  const out: string[] = [`<text x="${x0 + W / 2}" y="18" text-anchor="middle" font-weight="600">${title}</text>`];
  for (let i = 0; i * axis.step <= maxY + 1e-9; i++) {
    const v = i * axis.step;
    out.push(`<line x1="${px(0)}" x2="${px(maxFiles)}" y1="${py(v)}" y2="${py(v)}" stroke="#eaeef2"/>`, `<text x="${px(0) - 6}" y="${py(v) + 4}" text-anchor="end">${Number(v.toPrecision(3))}</text>`);
  }
  for (const f of new Set(all.map((p) => p.files))) out.push(`<text x="${px(f)}" y="${H - M.bottom + 16}" text-anchor="middle">${f / 1000}k</text>`);
  out.push(`<text x="${x0 + M.left + (W - M.left - M.right) / 2}" y="${H - 8}" text-anchor="middle">files</text>`, `<text transform="translate(${x0 + 14},${M.top + (H - M.top - M.bottom) / 2}) rotate(-90)" text-anchor="middle">${unit}</text>`);
  out.push(`<line x1="${px(0)}" x2="${px(0)}" y1="${py(0)}" y2="${py(maxY)}" stroke="#57606a"/>`, `<line x1="${px(0)}" x2="${px(maxFiles)}" y1="${py(0)}" y2="${py(0)}" stroke="#57606a"/>`);
  for (const l of limits) out.push(`<line x1="${px(0)}" x2="${px(maxFiles)}" y1="${py(l.value)}" y2="${py(l.value)}" stroke="${l.color}" stroke-dasharray="2 3"/>`, `<text x="${px(0) + 6}" y="${py(l.value) - 4}" fill="${l.color}">${l.label}</text>`);
  series.forEach((s) => {
    const ok = s.points.filter((p) => !p.failed);
    const first = ok[0];
    if (reference && first) out.push(`<line x1="${px(0)}" y1="${py(0)}" x2="${px(maxFiles)}" y2="${py((first.value / first.files) * maxFiles)}" stroke="${s.color}" stroke-opacity="0.35" stroke-dasharray="6 4"/>`);
    if (ok.length > 1) out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${ok.map((p) => `${px(p.files).toFixed(1)},${py(p.value).toFixed(1)}`).join(' ')}"/>`);
    for (const p of s.points) {
      const [cx, cy] = [px(p.files), py(p.value)];
      out.push(p.failed ? `<path d="M${cx - 5},${cy - 5}L${cx + 5},${cy + 5}M${cx - 5},${cy + 5}L${cx + 5},${cy - 5}" stroke="${s.color}" stroke-width="2.5"/><text x="${cx - 8}" y="${cy - 8}" text-anchor="end" fill="${s.color}">failed</text>` : `<circle cx="${cx}" cy="${cy}" r="3.5" fill="${s.color}"/>`);
    }
  });
  return out.join('\n');
}

export function scalePlotSvg(sizes: SyntheticScale[], caption: string): string {
  const series = (what: 'cpu' | 'rss') =>
    (['pr', 'graph'] as const).map((key, i) => ({
      color: COLORS[key],
      points: sizes.map((s) => pointOf(s.files, s.rows[i]!, what)).filter((p): p is Point => p !== undefined),
    }));
  const body = [
    panel(0, 'CPU time (user + system)', 'seconds', series('cpu'), [], true),
    panel(W, 'Peak RSS', 'GiB', series('rss'), [{ value: 2, label: 'PR target 2 GB', color: COLORS.pr }, { value: 6, label: 'graph target 6 GB', color: COLORS.graph }], false),
  ];
  const legend = [
    `<rect x="${M.left}" y="${H + 4}" width="10" height="10" fill="${COLORS.pr}"/><text x="${M.left + 15}" y="${H + 13}">PR digest (scripted 3-function change)</text>`,
    `<rect x="${M.left + 250}" y="${H + 4}" width="10" height="10" fill="${COLORS.graph}"/><text x="${M.left + 265}" y="${H + 13}">cold graph</text>`,
    `<text x="${M.left + 350}" y="${H + 13}" fill="${COLORS.ref}">dashed: linear from the smallest size · cross: the run failed (where it stopped)</text>`,
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${H + 40}" viewBox="0 0 ${2 * W} ${H + 40}" font-family="DejaVu Sans, sans-serif" font-size="11" fill="#24292f">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...body,
    ...legend,
    `<text x="${M.left}" y="${H + 32}" fill="#57606a">${caption.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text>`,
    '</svg>',
  ].join('\n');
}

/** Renders the SVG to a PNG with chromium headless (playwright-core). Returns why not, or undefined. */
export async function writePng(svg: string, file: string, chromiumPath = process.env['REPODIGEST_CHROMIUM'] ?? '/usr/bin/chromium'): Promise<string | undefined> {
  if (!existsSync(chromiumPath)) return `no chromium at ${chromiumPath} (apt-get install -y chromium); the plot was not drawn`;
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'repodigest-bench-plot-'));
  const size = /width="(\d+)" height="(\d+)"/.exec(svg)!;
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], viewport: { width: Number(size[1]), height: Number(size[2]) }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: file });
    return undefined;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
