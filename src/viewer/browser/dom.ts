/// <reference lib="dom" />
// The only way the page writes text: createElement + textContent. Symbol names, docstrings, paths and
// titles come from the analysed code and the PR, which are hostile; nothing is ever parsed as HTML.
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`viewer: missing #${id}`);
  return node as T;
}
