/// <reference lib="dom" />
// The side panel: what a symbol is, where it lives, its header and docstring, and its incoming and
// outgoing edges as buttons that move the selection. Long lists stop at LIST_LIMIT with a count.
import type { App } from './app.js';
import { byId, el } from './dom.js';
import { fileLine, type Model } from './model.js';
import { edgePasses } from './visible.js';

const LIST_LIMIT = 200;

export function mountPanel(app: App): void {
  const panel = byId('panel');
  const render = (i: number | undefined): void => {
    panel.replaceChildren(...(i === undefined ? emptyPanel(app.model) : symbolPanel(app, i)));
  };
  app.onSelect.push(render);
  render(undefined);
}

function emptyPanel(model: Model): Node[] {
  const kinds = new Map<string, number>();
  for (const k of model.kinds) kinds.set(k, (kinds.get(k) ?? 0) + 1);
  const counts = [...kinds].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, n]) => `${n} ${k}`).join(', ');
  return [
    el('h2', {}, model.payload.mode === 'pr' ? 'Impact of the change' : 'Repository graph'),
    el('p', {}, `${counts}; ${model.edgeCount} edges.`),
    el('p', { class: 'hint' }, 'Click a node to select it (and open it when it holds more); press / to search.'),
    ...riskLists(model),
    ...(model.change.size > 0 ? [changedList(model)] : []),
  ];
}

/** What a reviewer looks at first, before any selection: every likely broken site, then the removed symbols. */
function riskLists(model: Model): Node[] {
  const pr = model.payload.pr;
  if (!pr) return [];
  const out: Node[] = [];
  const sites = Array.from({ length: pr.broken.length / 3 }, (_, b) => b);
  if (sites.length > 0) out.push(brokenList(model, sites));
  const removed = [...model.change].filter(([, change]) => change === 'removed').map(([i]) => i).sort((a, b) => (model.ids[a]! < model.ids[b]! ? -1 : 1));
  if (removed.length > 0) {
    const list = el('ul', { class: 'links' });
    for (const i of removed) list.append(el('li', {}, linkTo(model, i)));
    out.push(el('section', { class: 'removed' }, el('h3', {}, `Removed symbols (${removed.length})`), list));
  }
  return out;
}

function changedList(model: Model): Node {
  const list = el('ul', { class: 'links' });
  for (const [i, change] of [...model.change].sort((a, b) => (model.ids[a[0]]! < model.ids[b[0]]! ? -1 : 1))) {
    list.append(el('li', {}, linkTo(model, i), el('span', { class: `tag change-${safeClass(change)}` }, change)));
  }
  return el('section', {}, el('h3', {}, `Changed symbols (${model.change.size})`), list);
}

function symbolPanel(app: App, i: number): Node[] {
  const model = app.model;
  const s = model.payload.symbols;
  const nodes: Node[] = [el('h2', { id: 'panel-id' }, model.ids[i]!)];
  const facts = el('dl', { class: 'facts' });
  const fact = (name: string, value: string): void => void facts.append(el('dt', {}, name), el('dd', {}, value));
  fact('kind', model.kinds[i]!);
  const where = fileLine(model, i);
  if (where) fact('file', where);
  const change = model.change.get(i);
  if (change) fact('change', change);
  if (model.children[i]!.length > 0) fact('contains', `${model.weight[i]! - 1} symbols`);
  if (model.test[i]) fact('test code', 'yes');
  if ((s.flags[i]! & 2) !== 0) fact('note', 'file partially parsed (syntax errors)');
  nodes.push(facts);
  if (model.children[i]!.length > 0) {
    const open = app.expanded.has(i);
    const button = el('button', { type: 'button', id: 'panel-toggle' }, open ? 'Collapse' : 'Expand');
    button.addEventListener('click', () => app.toggle(i));
    nodes.push(button);
  }
  if (s.sig[i]) nodes.push(el('pre', { class: 'sig' }, s.sig[i]!));
  if (s.doc[i]) nodes.push(el('p', { class: 'doc' }, s.doc[i]!));
  const broken = model.brokenOf.get(i);
  if (broken && model.payload.pr) nodes.push(brokenList(model, broken));
  nodes.push(edgeList(app, i, 'in'), edgeList(app, i, 'out'));
  return nodes;
}

function brokenList(model: Model, sites: number[]): Node {
  const pr = model.payload.pr!;
  const list = el('ul', { class: 'links' });
  for (const b of sites) {
    const from = pr.broken[b * 3]!;
    const to = pr.broken[b * 3 + 1]!;
    const line = pr.broken[b * 3 + 2]!;
    list.append(el('li', {}, linkTo(model, from), ` → `, linkTo(model, to), line > 0 ? ` line ${line}: ` : ': ', pr.brokenWhy[b] ?? ''));
  }
  return el('section', { class: 'broken' }, el('h3', {}, `Likely broken call sites (${sites.length})`), list);
}

function edgeList(app: App, i: number, direction: 'in' | 'out'): Node {
  const model = app.model;
  const edges = (direction === 'in' ? model.into[i]! : model.out[i]!).filter((e) => edgePasses(model, e, app.filters));
  edges.sort((a, b) => {
    const x = model.ids[direction === 'in' ? model.edgeFrom[a]! : model.edgeTo[a]!]!;
    const y = model.ids[direction === 'in' ? model.edgeFrom[b]! : model.edgeTo[b]!]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  const title = direction === 'in' ? 'Callers and users' : 'Callees and uses';
  const list = el('ul', { class: 'links', id: direction === 'in' ? 'panel-callers' : 'panel-callees' });
  for (const e of edges.slice(0, LIST_LIMIT)) {
    const other = direction === 'in' ? model.edgeFrom[e]! : model.edgeTo[e]!;
    const kind = model.payload.edgeKinds[model.edgeKind[e]!] ?? '?';
    const resolution = model.payload.resolutions[model.edgeRes[e]!] ?? '?';
    const line = model.edgeLine[e]!;
    list.append(
      el(
        'li',
        {},
        linkTo(model, other),
        el('span', { class: `tag kind-${safeClass(kind)}` }, kind),
        el('span', { class: `tag res-${safeClass(resolution)}` }, resolution),
        ...(line > 0 ? [el('span', { class: 'line' }, `line ${line}`)] : []),
      ),
    );
  }
  const more = edges.length > LIST_LIMIT ? [el('p', { class: 'hint' }, `… and ${edges.length - LIST_LIMIT} more`)] : [];
  return el('section', {}, el('h3', {}, `${title} (${edges.length})`), list, ...more);
}

function linkTo(model: Model, i: number): HTMLElement {
  const link = el('button', { type: 'button', class: 'link', 'data-symbol': model.ids[i]! }, model.ids[i]!);
  link.addEventListener('click', () => {
    document.dispatchEvent(new CustomEvent('repodigest:select', { detail: i }));
  });
  return link;
}

/** Kinds are open strings from the payload: only [a-z0-9-] reach a class name. */
function safeClass(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9-]/g, '_');
}
