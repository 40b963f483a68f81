// One colour, one meaning: in each theme, every colour the legend can show (symbol kinds, change
// kinds, likely broken, edge kinds, the fallback, caller and callee of a selection) is at least 20
// apart from every other in CIE76 Lab distance, and visible on the background.
import { describe, expect, it } from 'vitest';
import { PALETTES, type Theme } from '../../src/viewer/browser/palette.js';

function lab(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047;
  const y = r * 0.2126 + g * 0.7152 + b * 0.0722;
  const z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function distance(a: string, b: string): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

describe('the viewer palette', () => {
  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`${theme}: no two meanings share a colour`, () => {
      const p = PALETTES[theme];
      const meanings: [string, string][] = [
        ...Object.entries(p.kinds).map(([k, c]) => [`symbol ${k}`, c] as [string, string]),
        ...Object.entries(p.changes).map(([k, c]) => [`change ${k}`, c] as [string, string]),
        ...Object.entries(p.edges).map(([k, c]) => [`edge ${k}`, c] as [string, string]),
        ['likely broken', p.broken],
        ['fallback', p.fallback],
        ['caller', p.caller],
        ['callee', p.callee],
      ];
      const close: string[] = [];
      for (let i = 0; i < meanings.length; i++) {
        for (let j = i + 1; j < meanings.length; j++) {
          const d = distance(meanings[i]![1], meanings[j]![1]);
          if (d < 20) close.push(`${meanings[i]![0]} ~ ${meanings[j]![0]} (${d.toFixed(1)})`);
        }
        expect(distance(meanings[i]![1], p.background), `${meanings[i]![0]} on the background`).toBeGreaterThan(15);
      }
      expect(close).toEqual([]);
    });
  }
});
