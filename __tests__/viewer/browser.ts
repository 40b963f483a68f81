// Debian's chromium driven by playwright-core (no browser download). A missing browser fails the tests
// with the install line; a browser that is present but cannot start skips them with the reason printed.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env['REPODIGEST_CHROMIUM'] ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '.screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebGL without a GPU: SwiftShader, which newer Chromium only enables on request.
  '--enable-unsafe-swiftshader',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export class BrowserMissing extends Error {}

/** Starts chromium with a fresh profile; throws BrowserMissing when the executable is absent. */
export async function startBrowser(colorScheme: 'light' | 'dark' = 'light'): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new BrowserMissing(`No browser at ${CHROMIUM}: the viewer tests need Debian's chromium (apt-get install -y chromium), or set REPODIGEST_CHROMIUM.`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'repodigest-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    colorScheme,
  });
  // No network at view time: any request but the file itself fails the page.
  await context.route(/^(?!file:)/, (route) => route.abort());
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface Opened {
  page: Page;
  errors: string[];
  requests: string[];
}

export async function openViewer(browser: Browser, file: string, hash = ''): Promise<Opened> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file:')) requests.push(r.url());
  });
  await page.goto(`file://${file}${hash}`);
  await page.waitForFunction(() => document.documentElement.dataset['ready'], null, { timeout: 60_000 });
  return { page, errors, requests };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

export interface ViewerState {
  selected: string | null;
  callers: string[];
  callees: string[];
  nodes: number;
  edges: number;
  expanded: string[];
}

export function state(page: Page): Promise<ViewerState> {
  return page.evaluate(() => (window as unknown as { __repodigest: { state(): ViewerState } }).__repodigest.state());
}

export function position(page: Page, id: string): Promise<{ x: number; y: number } | null> {
  return page.evaluate((sym) => (window as unknown as { __repodigest: { position(id: string): { x: number; y: number } | null } }).__repodigest.position(sym), id);
}
