// Builds the committed bundles: dist/index.js (the action) and dist/cli.js (the CLI).
//
//   node scripts/build/build.mjs                 build into dist/
//   node scripts/build/build.mjs --check         build into a temp dir; exit 1 listing files that differ from dist/
//   node scripts/build/build.mjs --out DIR       build into (or, with --check, compare against) DIR instead of dist/
//   node scripts/build/build.mjs --entries index build only the named bundles (comma-separated: index,cli)
//
// Decisions:
// - ESM, platform node, target node20 (the CLI's engines floor; the action runs on node24), one
//   self-contained file per entry: dist/ runs from a bare copy with no node_modules.
// - CJS dependencies bundled into ESM call `require` for Node built-ins: the banner defines it with
//   createRequire. dist/package.json says "type": "module" so the bundles load as ESM wherever
//   dist/ is copied, whatever package.json (or none) sits above it.
// - Deterministic: fixed entry order, paths relative to the repo root in the few comments esbuild
//   writes, no source maps (they would carry absolute paths), legal comments collected at the end of
//   each file, no timestamps. The same sources always give the same bytes: `--check` relies on it.
// - The tree-sitter runtime and Python grammar (.wasm) are copied beside the bundles:
//   src/python/treeSitter.ts looks next to the running file first. So are the token rank tables
//   (o200k_base.ranks, cl100k_base.ranks; scripts/build/rankTables.ts, read by src/pack/loadRanks.ts):
//   the bundles carry no js-tiktoken rank text.
// - A missing entry is skipped with a warning, so the action builds before the CLI exists and back.
// - The graph viewer's page script (sigma, graphology, src/viewer/browser/) is bundled first, for the
//   browser, by src/viewer/browser/bundle.mjs, and handed to every entry as the string constant
//   __REPODIGEST_VIEWER_PAGE__ (esbuild `define`): dist/cli.js and dist/index.js write viewer files
//   with no bundler at run time. The same function bundles it when running from source.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { bundleViewerPage } from '../../src/viewer/browser/bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Output name -> entry candidates, first existing wins (bin.ts is the CLI's process entry; main.ts has no side effects). */
const ENTRIES = [
  ['index', ['src/action/main.ts']],
  ['cli', ['src/cli/bin.ts', 'src/cli/main.ts']],
  // The package API (package.json "exports"); its declarations come from tsc into types/.
  ['api', ['src/index.ts']],
];

const WASM = ['node_modules/web-tree-sitter/tree-sitter.wasm', 'node_modules/tree-sitter-python/tree-sitter-python.wasm'];

/**
 * Our package.json reaches the bundles with only the fields src/shared/packageInfo.ts reads: a default
 * JSON import would carry all of it (scripts, devDependencies), so editing a script changed dist/.
 * Every package is a devDependency (the bundles are self-contained); of those, only the analysers
 * whose versions key the cache (src/cache/cacheKey.ts) are carried, as `dependencies`.
 */
const ANALYSERS = ['web-tree-sitter', 'tree-sitter-python'];
const packageFieldsPlugin = {
  name: 'package-fields',
  setup(b) {
    const own = join(root, 'package.json');
    b.onLoad({ filter: /[\\/]package\.json$/ }, (args) => {
      if (args.path !== own) return undefined;
      const { version, dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(own, 'utf8'));
      const all = { ...devDependencies, ...dependencies };
      return { contents: JSON.stringify({ version, dependencies: Object.fromEntries(ANALYSERS.map((name) => [name, all[name]])) }), loader: 'json' };
    });
  },
};

const BANNER = "import { createRequire as __repodigestCreateRequire } from 'node:module';\nconst require = __repodigestCreateRequire(import.meta.url);";

/**
 * V8 keeps a script's source for as long as the script lives, as one byte per character when every
 * character is Latin-1 and two bytes otherwise: one `’` in a comment made dist/index.js (6.7 MB) 13.5 MB
 * of heap. `charset: 'ascii'` escapes code; esbuild copies the comments it keeps verbatim, so what is
 * left is escaped here, and the bundle is checked to minify to the same code (only comments changed).
 */
async function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii === text) return;
  const code = async (source) => (await transform(source, { format: 'esm', minifyWhitespace: true, charset: 'ascii', legalComments: 'none' })).code;
  if ((await code(ascii)) !== (await code(text))) throw new Error(`${file}: non-ASCII characters outside comments after charset 'ascii'`);
  writeFileSync(file, ascii);
}

export async function buildInto(outDir, only) {
  mkdirSync(outDir, { recursive: true });
  const built = [];
  const viewerPage = await bundleViewerPage();
  for (const [name, candidates] of ENTRIES) {
    if (only && !only.includes(name)) continue;
    const entry = candidates.find((c) => existsSync(join(root, c)));
    if (!entry) {
      console.warn(`warning: no entry for dist/${name}.js (looked for ${candidates.join(', ')}); skipped.`);
      continue;
    }
    await build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: join(outDir, `${name}.js`),
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      banner: { js: BANNER },
      legalComments: 'eof',
      sourcemap: false,
      charset: 'ascii',
      logLevel: 'warning',
      // Some packages ship both builds; prefer the ESM one so import.meta-based code stays intact.
      mainFields: ['module', 'main'],
      // Module paths (in esbuild's `// node_modules/...` comments) stay relative to this checkout even
      // when node_modules is a link; with npm's real directories this changes nothing.
      preserveSymlinks: true,
      conditions: ['node', 'import'],
      define: { __REPODIGEST_VIEWER_PAGE__: JSON.stringify(viewerPage) },
      plugins: [packageFieldsPlugin],
    });
    await asciiOnly(join(outDir, `${name}.js`));
    built.push(`${name}.js`);
  }
  if (built.includes('api.js')) {
    // Declarations for the package API: emitted by tsc itself, so they match the sources exactly.
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.types.json'), '--outDir', join(outDir, 'types')], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  for (const wasm of WASM) {
    const from = join(root, wasm);
    if (!existsSync(from)) throw new Error(`Missing ${wasm}: run npm ci first.`);
    copyFileSync(from, join(outDir, wasm.split('/').pop()));
  }
  // The token rank tables (src/pack/loadRanks.ts reads them beside the bundle), built from the installed
  // js-tiktoken by the same TypeScript the run uses, so tsx runs it.
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build/rankTables.ts'), outDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(join(outDir, 'package.json'), '{\n  "type": "module"\n}\n');
  return built;
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath ?? d.path, d.name)).split('\\').join('/'))
    .sort();
}

/** Files that differ between two directories (missing on either side counts). */
export function differingFiles(expectedDir, actualDir) {
  const names = [...new Set([...listFiles(expectedDir), ...listFiles(actualDir)])].sort();
  return names.filter((n) => {
    const a = join(expectedDir, n);
    const b = join(actualDir, n);
    return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b));
  });
}

function flag(name) {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

async function main() {
  const check = process.argv.includes('--check');
  const only = flag('--entries')?.split(',');
  const dist = flag('--out') ?? join(root, 'dist');
  if (!check) {
    const out = dist;
    if (!only) rmSync(out, { recursive: true, force: true });
    const built = await buildInto(out, only);
    console.log(`built ${built.map((f) => join(relative(root, out) || '.', f)).join(', ')}, copied the tree-sitter .wasm files and wrote the token rank tables`);
    return;
  }
  const temp = mkdtempSync(join(tmpdir(), 'repodigest-build-'));
  try {
    await buildInto(temp, only);
    const differ = differingFiles(temp, dist).filter((f) => !only || existsSync(join(temp, f)));
    if (differ.length > 0) {
      console.error(`dist/ is not current; these files differ from a fresh build (run npm run build):`);
      for (const f of differ) console.error(`  ${relative(root, join(dist, f))}`);
      process.exitCode = 1;
    } else {
      console.log('dist/ is current.');
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await main();
  } catch (error) {
    // esbuild has already printed its diagnostics; anything else gets one line.
    if (!error?.errors) console.error(`build failed: ${error?.message ?? error}`);
    process.exitCode = 1;
  }
}
