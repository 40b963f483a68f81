/// <reference lib="dom" />
// The page's state and the sigma view: expanded set, filters, selection, positions; redraw on change.
// How the drawn graph looks, highlighting included, is paint.ts.
import { MultiDirectedGraph } from 'graphology';
import Sigma from 'sigma';
import { extremityArrow, layerDashed, layerPlain, pathLine, pathLoop } from 'sigma/rendering';
import { type Positions, placeNew, relax } from './layout.js';
import { ancestors, type Model } from './model.js';
import { type Highlight, neighbours, paintGraph } from './paint.js';
import { currentTheme, PALETTES, type Theme } from './palette.js';
import { computeNodes, computeShown, type Filters, type Shown } from './visible.js';

export interface App {
  model: Model;
  filters: Filters;
  expanded: Set<number>;
  shown: Shown;
  highlight: Highlight | undefined;
  theme: Theme;
  sigma: Sigma;
  graph: MultiDirectedGraph;
  redraw(): void;
  select(i: number, options?: { expand?: boolean; centre?: boolean }): void;
  clear(): void;
  toggle(i: number): void;
  onSelect: ((i: number | undefined) => void)[];
}

const INITIAL_NODES = 60;

export function createApp(model: Model, container: HTMLElement, marks: Record<string, number> = {}): App {
  let graph: MultiDirectedGraph;
  const positions: Positions = new Map();
  // A PR view starts without tests (a changed test stays): in a busy change they are most of the graph.
  const filters: Filters = { hideTests: model.change.size > 0, hideHeuristic: false, hiddenKinds: new Set(), showContains: true };
  const expanded = initialExpansion(model, filters);
  marks['expansion'] = performance.now();
  let theme = currentTheme();

  // The first view is built before sigma exists: sigma then starts from it instead of indexing an
  // empty graph and replacing it.
  const app = { model, filters, expanded, highlight: undefined, theme, onSelect: [] } as unknown as App;
  graph = buildGraph();
  app.graph = graph;
  marks['layout'] = performance.now();
  const sigma = createSigma(graph, container);

  marks['sigma'] = performance.now();
  Object.assign(app, { sigma, redraw, select, clear, toggle });

  function redraw(): void {
    const next = buildGraph();
    graph = next;
    app.graph = next;
    paint();
    sigma.setGraph(next);
  }

  function buildGraph(): MultiDirectedGraph {
    app.shown = computeShown(model, expanded, filters);
    const next = drawnGraph(model, app.shown, positions);
    if (app.highlight) app.highlight = neighbours(app.shown, app.highlight.selected);
    return next;
  }

  function paint(): void {
    const palette = PALETTES[theme];
    paintGraph(graph, model, expanded, app.shown, app.highlight, palette);
    container.style.background = palette.background;
    sigma.scheduleRender();
  }

  function select(i: number, options: { expand?: boolean; centre?: boolean } = {}): void {
    let changed = false;
    for (const a of ancestors(model, i)) {
      if (!expanded.has(a)) {
        expanded.add(a);
        changed = true;
      }
    }
    if (options.expand && model.children[i]!.length > 0 && !expanded.has(i)) {
      expanded.add(i);
      changed = true;
    }
    if (filters.hideTests && model.test[i]) {
      filters.hideTests = false;
      changed = true;
      document.dispatchEvent(new CustomEvent('repodigest:filters'));
    }
    app.highlight = { selected: i, callers: [], callees: [] };
    if (changed) redraw();
    app.highlight = neighbours(app.shown, i);
    paint();
    if (options.centre) centreOn(sigma, graph, i);
    for (const listener of app.onSelect) listener(i);
  }

  function clear(): void {
    app.highlight = undefined;
    paint();
    for (const listener of app.onSelect) listener(undefined);
  }

  function toggle(i: number): void {
    if (model.children[i]!.length === 0) return;
    if (expanded.has(i)) collapse(model, expanded, i);
    else expanded.add(i);
    redraw();
    for (const listener of app.onSelect) listener(app.highlight?.selected);
  }

  sigma.on('clickNode', ({ node }) => select(Number(node), { expand: true }));
  sigma.on('clickStage', () => clear());
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    theme = currentTheme();
    app.theme = theme;
    paint();
  });

  paint();
  marks['painted'] = performance.now();
  return app;
}

/**
 * The graph of what is shown, laid out: new nodes placed near their neighbours, then relaxed, and
 * every position kept for the next view. A new graph is handed to sigma once, because sigma indexes
 * every added node and edge as it arrives, which on a large first view costs more than the layout.
 */
function drawnGraph(model: Model, shown: Shown, positions: Positions): MultiDirectedGraph {
  const fresh = new Set(placeNew(model, shown.nodes, positions).map(String));
  const next = new MultiDirectedGraph({ allowSelfLoops: false });
  for (const i of shown.nodes) {
    const at = positions.get(i)!;
    next.addNode(String(i), { x: at.x, y: at.y });
  }
  for (const e of shown.edges) {
    next.addEdge(String(e.from), String(e.to), { kind: e.kind, resolution: e.resolution, count: e.count, weight: e.kind === 'contains' ? 2 : Math.log2(1 + e.count) });
  }
  relax(next, fresh);
  next.forEachNode((key, attrs) => positions.set(Number(key), { x: attrs['x'] as number, y: attrs['y'] as number }));
  return next;
}

/** Collapsing also folds everything below, so a later expansion starts tidy. */
function collapse(model: Model, expanded: Set<number>, i: number): void {
  const stack = [i];
  while (stack.length > 0) {
    const n = stack.pop()!;
    expanded.delete(n);
    for (const c of model.children[n]!) if (expanded.has(c)) stack.push(c);
  }
}

function centreOn(sigma: Sigma, graph: MultiDirectedGraph, i: number): void {
  if (!graph.hasNode(String(i))) return;
  // The framing (graph -> camera space) is computed at render time: render now so it covers this graph.
  sigma.refresh();
  const attrs = graph.getNodeAttributes(String(i));
  const target = sigma.graphToFramedGraph({ x: attrs['x'] as number, y: attrs['y'] as number });
  void sigma.getCamera().animate({ x: target.x, y: target.y, ratio: Math.min(sigma.getCamera().ratio, 0.6) }, { duration: 300 });
}

/** Sigma over `graph`: what each node and edge attribute draws. */
function createSigma(graph: MultiDirectedGraph, container: HTMLElement): Sigma {
  return new Sigma(graph, container, {
    primitives: {
      edges: {
        paths: [pathLine(), pathLoop()],
        extremities: [extremityArrow()],
        variables: {
          solidColor: { type: 'color', default: '#cccccc' },
          dash: { type: 'number', default: 0 },
          gap: { type: 'number', default: 0 },
        },
        // Solid edges draw with the plain layer; dashed ones make it transparent (solidColor) and
        // draw with the dashed layer, which is itself transparent where the gap is 0.
        layers: [
          layerPlain({ color: { attribute: 'solidColor', default: '#ccc' } }),
          layerDashed({ dashColor: { attribute: 'color' }, dashSize: { attribute: 'dash', default: 0, mode: 'pixels' }, gapSize: { attribute: 'gap', default: 0, mode: 'pixels' } }),
        ],
      },
    },
    styles: {
      nodes: {
        x: { attribute: 'x' },
        y: { attribute: 'y' },
        size: { attribute: 'size', defaultValue: 6 },
        color: { attribute: 'color', defaultValue: '#888' },
        label: { attribute: 'label' },
        labelColor: { attribute: 'labelColor', defaultValue: '#333' },
        labelVisibility: { whenState: 'isHovered', then: 'visible', else: { attribute: 'labelVisibility', defaultValue: 'auto' } },
        visibility: { attribute: 'visibility', defaultValue: 'visible' },
        depth: { whenState: 'isHovered', then: 'topNodes', else: { attribute: 'depth', defaultValue: 'nodes' } },
        backdropVisibility: { whenState: 'isHovered', then: 'visible', else: 'hidden' },
        backdropColor: { attribute: 'hoverBox', defaultValue: '#ffffff' },
        backdropShadowColor: 'rgba(0, 0, 0, 0.4)',
        backdropShadowBlur: 10,
        backdropPadding: 5,
        cursor: 'pointer',
      },
      edges: {
        size: { attribute: 'size', defaultValue: 1 },
        color: { attribute: 'color', defaultValue: '#ccc' },
        head: { attribute: 'head', defaultValue: 'arrow' },
        solidColor: { attribute: 'solidColor', defaultValue: '#cccccc' },
        dash: { attribute: 'dash', defaultValue: 0 },
        gap: { attribute: 'gap', defaultValue: 0 },
        visibility: { attribute: 'visibility', defaultValue: 'visible' },
        depth: { attribute: 'depth', defaultValue: 'edges' },
      },
    },
    settings: { labelRenderedSizeThreshold: 4, labelDensity: 0.5, hideEdgesOnMove: false, zoomToSizeRatioFunction: (r: number) => Math.sqrt(r) },
  });
}

/**
 * Where a view starts. A PR's impact is small: every symbol is drawn when there are few, else the
 * changed symbols' ancestors are opened. A repository starts at its roots and opens the largest
 * collapsed symbols while the view stays under INITIAL_NODES.
 */
function initialExpansion(model: Model, filters: Filters): Set<number> {
  const expanded = new Set<number>();
  if (model.payload.mode === 'pr') {
    if (model.size <= 400) {
      for (let i = 0; i < model.size; i++) if (model.children[i]!.length > 0) expanded.add(i);
    } else {
      for (const i of model.change.keys()) for (const a of ancestors(model, i)) expanded.add(a);
    }
    return expanded;
  }
  for (;;) {
    const shown = computeNodes(model, expanded, filters).nodes;
    const candidates = shown.filter((i) => !expanded.has(i) && model.children[i]!.length > 0);
    candidates.sort((a, b) => model.weight[b]! - model.weight[a]! || a - b);
    const next = candidates.find((i) => shown.length + model.children[i]!.length <= INITIAL_NODES || shown.length === 1);
    if (next === undefined) return expanded;
    expanded.add(next);
  }
}
