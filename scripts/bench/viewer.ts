/// <reference lib="dom" />
// The graph viewer's part of `npm run bench`: for each corpus, the viewer file's size, the time to
// generate it from the index (payload + HTML), and in headless Chromium (Debian's chromium, WebGL
// through SwiftShader, no GPU) the time until the page is interactive: script set up (`ready`) and
// first frame on screen (`frame`, two animation frames after ready), both from navigation start,
// median of LOADS loads. Then the time to jump to the corpus's entry symbol by permalink (select,
// expand its ancestors, re-layout, next frame). A benchmark reports; it never fails on a target.
// The files are kept in <bench-dir>/viewer/ to open by hand.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Table from 'cli-table3';
import { chromium } from 'playwright-core';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { renderViewer } from '../../src/viewer/generate.js';
import { viewerPageScript } from '../../src/viewer/pageScript.js';
import type { BenchSettings } from './args.js';
import { ensureCorpus } from './corpus.js';

const LOADS = 3;
const CHROMIUM = process.env['REPODIGEST_CHROMIUM'] ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'];

export interface ViewerMeasurement {
  name: string;
  symbols: number;
  edges: number;
  htmlBytes: number;
  generateMs: number;
  readyMs?: number;
  frameMs?: number;
  jumpMs?: number;
  drawnNodes?: number;
  browserError?: string;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureInBrowser(file: string, entry: string | undefined): Promise<Pick<ViewerMeasurement, 'readyMs' | 'frameMs' | 'jumpMs' | 'drawnNodes'>> {
  const profile = mkdtempSync(join(tmpdir(), 'repodigest-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const ready: number[] = [];
    const frame: number[] = [];
    let drawnNodes = 0;
    for (let load = 0; load < LOADS; load++) {
      await page.goto(`file://${file}`);
      await page.waitForFunction(() => (window as unknown as { __repodigest?: { marks: Record<string, number>; error?: string } }).__repodigest?.marks['frame'] ?? (window as unknown as { __repodigest?: { error?: string } }).__repodigest?.error, null, { timeout: 300_000 });
      const probe = await page.evaluate(() => {
        const p = (window as unknown as { __repodigest: { readyMs: number; marks: Record<string, number>; error?: string; state(): { nodes: number } } }).__repodigest;
        return { ready: p.readyMs, frame: p.marks['frame'] ?? NaN, error: p.error, nodes: p.state().nodes };
      });
      if (probe.error) throw new Error(`the page failed: ${probe.error}`);
      ready.push(probe.ready);
      frame.push(probe.frame);
      drawnNodes = probe.nodes;
    }
    let jumpMs: number | undefined;
    if (entry) {
      jumpMs = await page.evaluate(async (id) => {
        const start = performance.now();
        location.hash = `#sym=${id}`;
        await new Promise((done) => window.addEventListener('hashchange', done, { once: true }));
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        return performance.now() - start;
      }, entry);
    }
    return { readyMs: median(ready), frameMs: median(frame), ...(jumpMs !== undefined ? { jumpMs } : {}), drawnNodes };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function measureViewers(settings: Readonly<BenchSettings>, log: (line: string) => void): Promise<ViewerMeasurement[]> {
  const outDir = join(settings.benchDir, 'viewer');
  mkdirSync(outDir, { recursive: true });
  await viewerPageScript(); // bundle once, outside the timings
  const results: ViewerMeasurement[] = [];
  for (const choice of settings.corpora) {
    const corpus = choice.kind === 'path' ? { name: choice.path.split('/').filter(Boolean).at(-1) ?? 'corpus', root: choice.path } : ensureCorpus(choice.spec, settings.benchDir);
    log(`bench: viewer for ${corpus.name}`);
    const index = await indexRepository(corpus.root, { maxFileBytes: settings.maxFileBytes });
    const start = performance.now();
    const html = await renderViewer(index, { title: `Call graph of ${corpus.name}` });
    const generateMs = performance.now() - start;
    const file = join(outDir, `${corpus.name}.html`);
    writeFileSync(file, html);
    const result: ViewerMeasurement = { name: corpus.name, symbols: index.symbols.length, edges: index.edges.length, htmlBytes: statSync(file).size, generateMs };
    if (!existsSync(CHROMIUM)) result.browserError = `no browser at ${CHROMIUM} (apt-get install -y chromium)`;
    else {
      try {
        Object.assign(result, await measureInBrowser(file, choice.target.entry));
      } catch (error) {
        result.browserError = (error as Error).message.split('\n')[0];
      }
    }
    results.push(result);
  }
  return results;
}

export function renderViewerTable(results: readonly ViewerMeasurement[]): string {
  const table = new Table({ head: ['viewer', 'symbols', 'edges', 'HTML', 'generate', 'ready', 'first frame', 'jump to entry', 'drawn'], style: { head: [], border: [] } });
  const ms = (n: number | undefined): string => (n === undefined ? 'n/a' : `${Math.round(n).toLocaleString('en-US')} ms`);
  for (const r of results) {
    table.push([r.name, r.symbols.toLocaleString('en-US'), r.edges.toLocaleString('en-US'), `${(r.htmlBytes / 1024 / 1024).toFixed(2)} MiB`, ms(r.generateMs), ms(r.readyMs), ms(r.frameMs), ms(r.jumpMs), r.drawnNodes ?? 'n/a']);
  }
  const errors = results.filter((r) => r.browserError).map((r) => `  ${r.name}: ${r.browserError}`);
  return `graph viewer (headless Chromium, SwiftShader WebGL; ready / first frame from navigation start, median of ${LOADS} loads)\n${table.toString()}\n${errors.length > 0 ? `browser:\n${errors.join('\n')}\n` : ''}`;
}

/** The bench hook: text on stdout, or with --json the same data on stderr (stdout stays one JSON document). */
export async function viewerBench(settings: Readonly<BenchSettings>): Promise<string> {
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const results = await measureViewers(settings, log);
  if (settings.json) {
    log(JSON.stringify({ viewer: results }, null, 2));
    return '';
  }
  return `\n${renderViewerTable(results)}`;
}
