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
export declare const PALETTES: Record<Theme, Palette>;
export declare function nodeColor(palette: Palette, kind: string): string;
export declare function changeColor(palette: Palette, change: string): string;
export declare function edgeColor(palette: Palette, kind: string): string;
/** Resolution -> line style: proved edges solid and strong, dispatch (one of several overrides) solid but lighter, name-only guesses dashed and faint. */
export interface EdgeLook {
    alpha: number;
    width: number;
    dashed: boolean;
}
export declare const FALLBACK_LOOK: EdgeLook;
export declare function edgeLook(resolution: string): EdgeLook;
export declare function withAlpha(hex: string, alpha: number): string;
export declare function currentTheme(): Theme;
