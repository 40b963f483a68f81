/// <reference lib="dom" />
// The search box: id or name, suggestions as a listbox (arrow keys, Enter), `/` focuses it from
// anywhere, Escape leaves it. Ranking: exact id, exact name, name prefix, id substring; ties by id.
import type { App } from './app.js';
import { byId, el } from './dom.js';
import type { Model } from './model.js';

const SUGGESTIONS = 12;

export function rank(model: Model, query: string): number[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const scored: [number, number][] = [];
  for (let i = 0; i < model.size; i++) {
    const id = model.ids[i]!.toLowerCase();
    const name = model.labels[i]!.toLowerCase();
    let score = -1;
    if (id === q) score = 0;
    else if (name === q) score = 1;
    else if (name.startsWith(q)) score = 2;
    else if (id.endsWith(`.${q}`) || id.includes(`.${q}`)) score = 3;
    else if (id.includes(q)) score = 4;
    if (score >= 0) scored.push([score, i]);
  }
  scored.sort((a, b) => a[0] - b[0] || (model.ids[a[1]]! < model.ids[b[1]]! ? -1 : 1));
  return scored.slice(0, SUGGESTIONS).map(([, i]) => i);
}

export function mountSearch(app: App): void {
  const input = byId<HTMLInputElement>('search');
  const list = byId<HTMLUListElement>('suggestions');
  let items: number[] = [];
  let active = -1;

  const show = (): void => {
    list.replaceChildren(
      ...items.map((i, k) => {
        const option = el('li', { role: 'option', id: `suggestion-${k}`, 'aria-selected': String(k === active), 'data-symbol': app.model.ids[i]! }, app.model.ids[i]!, el('span', { class: 'tag' }, app.model.kinds[i]!));
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          choose(i);
        });
        return option;
      }),
    );
    list.hidden = items.length === 0;
    input.setAttribute('aria-expanded', String(items.length > 0));
    if (active >= 0) input.setAttribute('aria-activedescendant', `suggestion-${active}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const choose = (i: number): void => {
    items = [];
    active = -1;
    show();
    input.value = app.model.ids[i]!;
    app.select(i, { centre: true });
  };

  input.addEventListener('input', () => {
    items = rank(app.model, input.value);
    active = items.length > 0 ? 0 : -1;
    show();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      active = (active + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      show();
    } else if (event.key === 'Enter') {
      const pick = items[Math.max(active , 0)];
      if (pick !== undefined) choose(pick);
    } else if (event.key === 'Escape') {
      items = [];
      show();
      input.blur();
    }
  });
  input.addEventListener('blur', () => {
    items = [];
    show();
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
    if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
}
