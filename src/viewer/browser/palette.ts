/// <reference lib="dom" />
// Colours and edge styles, per theme. Kinds, resolutions and change kinds are open strings: the known
// ones have a style, anything else takes the fallback and still appears in the legend.
export type Theme = 'light' | 'dark';

export interface Palette {
  background: string;
  label: string;
  dim: string;
  caller: string;
  callee: string;
  selected: string;
  broken: string;
  hoverBox: string;
}

export const PALETTES: Record<Theme, Palette> = {
  light: { background: '#ffffff', label: '#1f2328', dim: '#d8dde3', caller: '#e8590c', callee: '#1c7ed6', selected: '#111111', broken: '#d62728', hoverBox: '#ffffff' },
  dark: { background: '#0d1117', label: '#e6edf3', dim: '#2b3138', caller: '#ff922b', callee: '#4dabf7', selected: '#ffffff', broken: '#ff6b6b', hoverBox: '#161b22' },
};

const NODE_KIND: Record<string, string> = { package: '#8c6d31', module: '#3b7dd8', class: '#9b59b6', function: '#2e9e6a', method: '#17a2b8' };
const CHANGE: Record<string, string> = { added: '#2f9e44', modified: '#f08c00', removed: '#e03131' };
const EDGE_KIND: Record<string, string> = { calls: '#4e79a7', imports: '#59a14f', inherits: '#b07aa1', references: '#76b7b2', contains: '#a5a5a5' };
export const FALLBACK = '#9c755f';

export function nodeColor(kind: string): string {
  return NODE_KIND[kind] ?? FALLBACK;
}

export function changeColor(change: string): string {
  return CHANGE[change] ?? '#ae3ec9';
}

export function edgeColor(kind: string): string {
  return EDGE_KIND[kind] ?? FALLBACK;
}

/** Resolution -> line style: proved edges solid and strong, dispatch (one of several overrides) solid but lighter, name-only guesses dashed and faint. */
export interface EdgeLook {
  alpha: number;
  width: number;
  dashed: boolean;
}

const RESOLUTION: Record<string, EdgeLook> = {
  resolved: { alpha: 0.85, width: 1.6, dashed: false },
  dispatch: { alpha: 0.7, width: 1.3, dashed: true },
  heuristic: { alpha: 0.4, width: 1, dashed: true },
};
export const FALLBACK_LOOK: EdgeLook = { alpha: 0.55, width: 1.1, dashed: false };

export function edgeLook(resolution: string): EdgeLook {
  return RESOLUTION[resolution] ?? FALLBACK_LOOK;
}

export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export function currentTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
