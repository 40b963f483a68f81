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
  /** Symbol kinds, change kinds and edge kinds; `fallback` for any other (it still gets a legend row). */
  kinds: Readonly<Record<string, string>>;
  changes: Readonly<Record<string, string>>;
  edges: Readonly<Record<string, string>>;
  fallback: string;
}

// One colour, one meaning: every colour a legend row can show (symbol kinds, changes, likely broken,
// edge kinds, caller and callee of the selection) differs from every other by at least 20 in CIE76
// Lab distance, per theme, after Kelly's maximum-contrast set (checked by __tests__/viewer/palette.test.ts).
// Changes take the loudest colours: red for a likely broken site, green, yellow and rust for added,
// modified and removed; caller and callee of a selection orange and blue; edges stay muted.
export const PALETTES: Record<Theme, Palette> = {
  light: {
    background: '#ffffff',
    label: '#1f2328',
    dim: '#d8dde3',
    caller: '#f38400',
    callee: '#0067a5',
    selected: '#111111',
    broken: '#be0032',
    hoverBox: '#ffffff',
    kinds: { package: '#654522', module: '#848482', class: '#875692', function: '#a1caf1', method: '#c2b280' },
    changes: { added: '#008856', modified: '#f3c300', removed: '#882d17' },
    edges: { calls: '#2f4858', imports: '#8db600', inherits: '#e68fac', references: '#f99379', contains: '#d0d0d0' },
    fallback: '#b3446c',
  },
  dark: {
    background: '#0d1117',
    label: '#e6edf3',
    dim: '#2b3138',
    caller: '#f38400',
    callee: '#3d9be9',
    selected: '#ffffff',
    broken: '#ff4d6a',
    hoverBox: '#161b22',
    kinds: { package: '#a88a5c', module: '#8e8e8c', class: '#b07cc6', function: '#a1caf1', method: '#e8ddb5' },
    changes: { added: '#2fbf71', modified: '#f3c300', removed: '#c2603f' },
    edges: { calls: '#4f6d7a', imports: '#8db600', inherits: '#e68fac', references: '#f99379', contains: '#3a3f45' },
    fallback: '#7b61ff',
  },
};

export function nodeColor(palette: Palette, kind: string): string {
  return palette.kinds[kind] ?? palette.fallback;
}

export function changeColor(palette: Palette, change: string): string {
  return palette.changes[change] ?? palette.fallback;
}

export function edgeColor(palette: Palette, kind: string): string {
  return palette.edges[kind] ?? palette.fallback;
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
