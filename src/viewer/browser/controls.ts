/// <reference lib="dom" />
// Filters (hide tests, hide heuristic edges, one switch per edge kind present, structure lines) and the
// legend, which lists exactly the kinds, resolutions and change kinds this payload holds, fallbacks
// included.
import type { App } from './app.js';
import { byId, el } from './dom.js';
import { changeColor, edgeColor, edgeLook, nodeColor, PALETTES } from './palette.js';

export function mountControls(app: App): void {
  const box = byId('filters');
  const model = app.model;
  const checks: { input: HTMLInputElement; read: () => boolean; write: (on: boolean) => void }[] = [];
  const add = (id: string, text: string, read: () => boolean, write: (on: boolean) => void): void => {
    const input = el('input', { type: 'checkbox', id });
    input.checked = read();
    input.addEventListener('change', () => {
      write(input.checked);
      app.redraw();
      for (const listener of app.onSelect) listener(app.highlight?.selected);
    });
    checks.push({ input, read, write });
    box.append(el('label', { for: id }, input, ` ${text}`));
  };
  add('filter-tests', 'hide tests', () => app.filters.hideTests, (on) => (app.filters.hideTests = on));
  add('filter-heuristic', 'hide heuristic edges', () => app.filters.hideHeuristic, (on) => (app.filters.hideHeuristic = on));
  for (const kind of model.payload.edgeKinds) {
    add(`filter-kind-${kind.replace(/[^a-z0-9-]/gi, '_')}`, kind, () => !app.filters.hiddenKinds.has(kind), (on) => void (on ? app.filters.hiddenKinds.delete(kind) : app.filters.hiddenKinds.add(kind)));
  }
  add('filter-contains', 'structure', () => app.filters.showContains, (on) => (app.filters.showContains = on));
  // select() may switch "hide tests" off to show a test symbol: keep the boxes truthful.
  document.addEventListener('repodigest:filters', () => {
    for (const c of checks) c.input.checked = c.read();
  });
  mountLegend(app);
  // The selection colours differ per theme: redraw the legend after the app has switched palettes.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => mountLegend(app));
}

function swatch(color: string, shape: 'dot' | 'line', dashed = false): HTMLElement {
  const span = el('span', { class: `swatch ${shape}${dashed ? ' dashed' : ''}` });
  span.style.setProperty('--c', color);
  return span;
}

function mountLegend(app: App): void {
  const legend = byId('legend');
  const model = app.model;
  const palette = PALETTES[app.theme];
  const row = (mark: HTMLElement, text: string): HTMLElement => el('li', {}, mark, ` ${text}`);
  const kinds = [...new Set(model.kinds)].sort();
  const sections: HTMLElement[] = [
    el('h3', {}, 'Symbols'),
    el('ul', {}, ...kinds.map((k) => row(swatch(nodeColor(palette, k), 'dot'), k))),
  ];
  if (model.change.size > 0) {
    const changes = [...new Set(model.change.values())].sort();
    sections.push(el('h3', {}, 'Change'), el('ul', {}, ...changes.map((c) => row(swatch(changeColor(palette, c), 'dot'), c)), ...(model.brokenOf.size > 0 ? [row(swatch(palette.broken, 'dot'), '⚠ likely broken call site')] : [])));
  }
  sections.push(
    el('h3', {}, 'Edges'),
    el('ul', {}, ...[...model.payload.edgeKinds, 'contains'].map((k) => row(swatch(edgeColor(palette, k), 'line'), k === 'contains' ? 'contains (structure)' : k))),
    el('h3', {}, 'Resolution'),
    el('ul', {}, ...model.payload.resolutions.map((r) => row(swatch('currentColor', 'line', edgeLook(r).dashed), r))),
    el('h3', {}, 'Selection'),
    el('ul', {}, row(swatch(palette.caller, 'dot'), 'caller (edge into the selection)'), row(swatch(palette.callee, 'dot'), 'callee (edge from the selection)')),
  );
  legend.replaceChildren(...sections);
}
