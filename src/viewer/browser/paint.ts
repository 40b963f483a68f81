// How the drawn graph looks: node and edge colours, sizes, labels and depths, per theme and selection.
//
// Highlighting: a selected symbol's callers (drawn symbols with an edge into it) and callees (drawn
// symbols it has an edge to) take two distinct colours, edges to and from it keep their arrow heads
// and take the same colours, and everything else fades. The lists in the side panel are exact
// (symbol to symbol), the picture is at the level of what is drawn.
import type { MultiDirectedGraph } from 'graphology';
import type { Model } from './model.js';
import { changeColor, edgeColor, edgeLook, nodeColor, type Palette, withAlpha } from './palette.js';
import type { Shown } from './visible.js';

export interface Highlight {
  selected: number;
  callers: number[];
  callees: number[];
}

/** What `selected` (drawn as its representative) has drawn edges from and to, in id order. */
export function neighbours(shown: Shown, selected: number): Highlight {
  const target = shown.rep[selected]!;
  const callers = new Set<number>();
  const callees = new Set<number>();
  for (const e of shown.edges) {
    if (e.kind === 'contains') continue;
    if (e.to === target) callers.add(e.from);
    if (e.from === target) callees.add(e.to);
  }
  return { selected, callers: [...callers].sort((a, b) => a - b), callees: [...callees].sort((a, b) => a - b) };
}

/**
 * Sets every drawn node's and edge's look. updateEach*: one graph event for all nodes (and one for
 * all edges), so sigma refreshes once instead of once per item.
 */
export function paintGraph(graph: MultiDirectedGraph, model: Model, expanded: ReadonlySet<number>, shown: Shown, h: Highlight | undefined, palette: Palette): void {
  const focus = h ? shown.rep[h.selected]! : -1;
  paintNodes(graph, model, expanded, h, focus, palette);
  paintEdges(graph, h !== undefined, focus, palette);
}

/** Nodes by kind, change and weight; with a selection, the selected one and its neighbours stand out, the rest fade. */
function paintNodes(graph: MultiDirectedGraph, model: Model, expanded: ReadonlySet<number>, h: Highlight | undefined, focus: number, palette: Palette): void {
  const callers = new Set(h?.callers ?? []);
  const callees = new Set(h?.callees ?? []);
  graph.updateEachNodeAttributes((key, attrs) => {
    const i = Number(key);
    const change = model.change.get(i);
    const broken = model.brokenOf.has(i);
    // A likely broken site is the alarm: its colour wins over the change's (size and label still say changed).
    const own = broken ? palette.broken : change ? changeColor(palette, change) : nodeColor(palette, model.kinds[i]!);
    let color = own;
    let labelVisibility = 'auto';
    let depth = 'nodes';
    if (h) {
      if (i === focus) {
        labelVisibility = 'visible';
        depth = 'topNodes';
      } else if (callers.has(i) || callees.has(i)) {
        // A selection's neighbour keeps a broken or removed mark: a removed callee is not an ordinary one.
        color = broken || change === 'removed' ? own : callers.has(i) ? palette.caller : palette.callee;
        labelVisibility = 'visible';
        depth = 'topNodes';
      } else {
        color = palette.dim;
        labelVisibility = 'hidden';
      }
    }
    const expandedMark = expanded.has(i) && model.children[i]!.length > 0 ? '▾ ' : model.children[i]!.length > 0 ? '▸ ' : '';
    const size = Math.min(22, 4 + 2.2 * Math.log2(model.weight[i]!)) * (change ? 1.35 : 1) * (i === focus ? 1.4 : 1);
    return {
      ...attrs,
      size,
      color,
      label: `${broken ? '⚠ ' : ''}${expandedMark}${model.labels[i]}`,
      labelColor: palette.label,
      labelVisibility: change && !h ? 'visible' : labelVisibility,
      depth,
      hoverBox: palette.hoverBox,
    };
  });
}

/** Edges by kind and resolution; with a selection, its own edges take the caller and callee colours, containment fades, every other edge is hidden. */
function paintEdges(graph: MultiDirectedGraph, highlighted: boolean, focus: number, palette: Palette): void {
  graph.updateEachEdgeAttributes((_key, attrs, source, target) => {
    const kind = attrs['kind'] as string;
    const look = edgeLook(attrs['resolution'] as string);
    const dashed = look.dashed && kind !== 'contains';
    let color = withAlpha(edgeColor(palette, kind), kind === 'contains' ? 0.35 : look.alpha);
    let size = (kind === 'contains' ? 0.6 : look.width) * (1 + Math.log2(attrs['count'] as number) * 0.25);
    let visibility = 'visible';
    let depth = 'edges';
    if (highlighted) {
      const s = Number(source);
      const t = Number(target);
      if (kind !== 'contains' && t === focus) {
        color = palette.caller;
        size *= 1.8;
        depth = 'topEdges';
      } else if (kind !== 'contains' && s === focus) {
        color = palette.callee;
        size *= 1.8;
        depth = 'topEdges';
      } else if (kind === 'contains') {
        color = withAlpha(edgeColor(palette, kind), 0.15);
      } else visibility = 'hidden';
    }
    return {
      ...attrs,
      color,
      size,
      visibility,
      depth,
      head: kind === 'contains' ? 'none' : 'arrow',
      solidColor: dashed ? 'rgba(0, 0, 0, 0)' : color,
      dash: dashed ? (attrs['resolution'] === 'heuristic' ? 5 : 2) : 0,
      gap: dashed ? (attrs['resolution'] === 'heuristic' ? 4 : 2) : 0,
    };
  });
}
