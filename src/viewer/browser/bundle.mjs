// Bundles the graph viewer's page script (src/viewer/browser/main.ts with sigma, graphology and
// ForceAtlas2) into one minified IIFE string. Used by scripts/build/build.mjs, which inlines the string into
// the CLI and action bundles (esbuild `define`), and by pageScript.ts when running from source (tests,
// tsx), so both paths produce the same bytes. A build helper beside the page it builds, never bundled.
//
// Deterministic: fixed options, no source maps, no timestamps; legal comments kept at the end.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export async function bundleViewerPage() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/viewer/browser/main.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16.4'],
    minify: true,
    legalComments: 'eof',
    sourcemap: false,
    charset: 'utf8',
    logLevel: 'warning',
    preserveSymlinks: true,
  });
  return result.outputFiles[0].text;
}
