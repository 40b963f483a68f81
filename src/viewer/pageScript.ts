// The viewer page's script. In dist/ bundles it is a string constant put there by scripts/build/build.mjs
// (esbuild `define` of __REPODIGEST_VIEWER_PAGE__); running from source (tests, tsx) it is bundled on
// first use with the same browser/bundle.mjs, so both give the same page.
declare const __REPODIGEST_VIEWER_PAGE__: string | undefined;

let pending: Promise<string> | undefined;

export function viewerPageScript(): Promise<string> {
  if (typeof __REPODIGEST_VIEWER_PAGE__ === 'string') return Promise.resolve(__REPODIGEST_VIEWER_PAGE__);
  pending ??= (async () => {
    // A computed specifier: esbuild leaves it alone, so dist/ never carries the bundler.
    const builder = new URL('./browser/bundle.mjs', import.meta.url).href;
    const { bundleViewerPage } = (await import(builder)) as { bundleViewerPage: () => Promise<string> };
    return bundleViewerPage();
  })();
  return pending;
}
