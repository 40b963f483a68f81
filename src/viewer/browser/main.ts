/// <reference lib="dom" />
// Entry of the page script (bundled by esbuild into one IIFE, inlined by ../html.ts).
// Boot: read the payload, build the model, draw, wire the controls, then apply the permalink
// (`#sym=<id>`). `window.__repodigest` exposes read-only state for the browser tests and the bench
// (time to interactive, highlighted neighbours, a node's screen position).
import { type App, createApp } from './app.js';
import { mountControls } from './controls.js';
import { readPayload } from './decode.js';
import { byId } from './dom.js';
import { buildModel } from './model.js';
import { mountPanel } from './panel.js';
import { mountSearch } from './search.js';

interface Probe {
  ready: boolean;
  readyMs?: number;
  /** performance.now() at each boot step, for the bench. */
  marks: Record<string, number>;
  error?: string;
  state(): { selected: string | null; callers: string[]; callees: string[]; nodes: number; edges: number; expanded: string[] };
  position(id: string): { x: number; y: number } | null;
}

declare global {
  interface Window {
    __repodigest: Probe;
  }
}

function symbolFromHash(hash: string): string | undefined {
  const match = /^#sym=(.+)$/.exec(hash);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

function status(text: string): void {
  byId('status').textContent = text;
}

function applyHash(app: App): void {
  const id = symbolFromHash(location.hash);
  if (id === undefined) return;
  const i = app.model.byId.get(id);
  if (i === undefined) {
    status(`No symbol '${id}' in this graph.`);
    return;
  }
  app.select(i, { centre: true });
}

async function boot(): Promise<void> {
  const probe: Probe = {
    ready: false,
    marks: {},
    state: () => ({ selected: null, callers: [], callees: [], nodes: 0, edges: 0, expanded: [] }),
    position: () => null,
  };
  window.__repodigest = probe;
  try {
    const payload = await readPayload(byId('repodigest-data'));
    probe.marks['decoded'] = performance.now();
    const model = buildModel(payload);
    probe.marks['model'] = performance.now();
    byId('title').textContent = model.payload.title;
    byId('notes').replaceChildren(...model.payload.notes.map((n) => Object.assign(document.createElement('p'), { textContent: n })));
    const app = createApp(model, byId('graph'), probe.marks);
    probe.marks['drawn'] = performance.now();
    mountPanel(app);
    mountSearch(app);
    mountControls(app);
    app.onSelect.push((i) => {
      const id = i === undefined ? '' : `#sym=${encodeURIComponent(model.ids[i]!).replace(/%2E/g, '.')}`;
      if (location.hash !== id) history.replaceState(null, '', id === '' ? location.pathname + location.search : id);
      const h = app.highlight;
      status(i === undefined || !h ? `${app.shown.nodes.length} nodes drawn of ${model.size} symbols.` : `${model.ids[i]}: ${h.callers.length} callers and ${h.callees.length} callees highlighted.`);
    });
    document.addEventListener('repodigest:select', (event) => app.select((event as CustomEvent<number>).detail, { centre: true }));
    window.addEventListener('hashchange', () => applyHash(app));
    probe.state = () => {
      const h = app.highlight;
      const names = (list: number[]): string[] => list.map((i) => model.ids[i]!);
      return {
        selected: h ? model.ids[h.selected]! : null,
        callers: h ? names(h.callers) : [],
        callees: h ? names(h.callees) : [],
        nodes: app.graph.order,
        edges: app.graph.size,
        expanded: names([...app.expanded].sort((a, b) => a - b)),
      };
    };
    probe.position = (id) => {
      const i = model.byId.get(id);
      if (i === undefined || !app.graph.hasNode(String(i))) return null;
      const attrs = app.graph.getNodeAttributes(String(i));
      const rect = app.sigma.getContainer().getBoundingClientRect();
      const p = app.sigma.graphToViewport({ x: attrs['x'] as number, y: attrs['y'] as number });
      return { x: rect.left + p.x, y: rect.top + p.y };
    };
    status(`${app.shown.nodes.length} nodes drawn of ${model.size} symbols.`);
    applyHash(app);
    probe.readyMs = performance.now();
    probe.ready = true;
    // The first frame is drawn on the next animation frames: the page is usable once it is on screen.
    requestAnimationFrame(() => requestAnimationFrame(() => (probe.marks['frame'] = performance.now())));
    document.documentElement.dataset['ready'] = 'true';
  } catch (error) {
    probe.error = (error as Error).message;
    status(`The graph could not be shown: ${probe.error}`);
    document.documentElement.dataset['ready'] = 'error';
  }
}

void boot();
