// ViewerPayload + the bundled page script -> one self-contained HTML file (pure).
//
// Decisions:
// - Everything inline, nothing fetched: the file works from file://, from an unzipped Actions
//   artifact and offline. A Content-Security-Policy forbids every network request and allows only
//   the one inline script, by its SHA-256, so even a flaw that let analysed text into the markup could
//   not run script or load anything.
// - The payload is gzip (level 6) + base64 inside a non-executed <script type="application/gzip">:
//   base64 has no '<', so no text of the analysed code can end the element, and the payload is a
//   fraction of its JSON even after base64 (level 9 saves little more at a much higher cost). The
//   page inflates it with the browser's DecompressionStream. zlib at a fixed
//   level gives the same bytes for the same JSON (and the same zlib build).
// - The page script is esbuild's bundle (sigma, graphology, ForceAtlas2 and src/viewer/browser/);
//   `</script` and `<!--` cannot occur in it unescaped (checked, and rewritten if they ever do).
// - The only text from the payload in the markup is the <title>, HTML-escaped; the page sets every
//   other text with textContent.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ViewerPayload } from './payloadTypes.js';
import { VIEWER_CSS } from './style.js';

export function encodePayload(payload: ViewerPayload): string {
  return gzipSync(Buffer.from(JSON.stringify(payload), 'utf8'), { level: 6 }).toString('base64');
}

/** Script text safe inside <script>…</script>: the HTML tokenizer only reacts to `</script` and `<!--`. */
export function scriptSafe(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderViewerHtml(payload: ViewerPayload, pageScript: string): string {
  const script = scriptSafe(pageScript);
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  const csp = `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; img-src data: blob:; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="generator" content="RepoDigest">
<title>${escapeHtml(payload.title)}</title>
<style>${VIEWER_CSS}</style>
</head>
<body>
<header>
<h1 id="title"></h1>
<div class="searchbox"><input id="search" type="search" placeholder="Search symbols ( / )" autocomplete="off" spellcheck="false" role="combobox" aria-autocomplete="list" aria-controls="suggestions" aria-expanded="false" aria-label="Search symbols by id or name"><ul id="suggestions" role="listbox" hidden></ul></div>
<div id="filters" role="group" aria-label="Filters"></div>
<div id="status" role="status" aria-live="polite">Loading…</div>
<div id="notes"></div>
</header>
<main id="graph" aria-label="Call graph"></main>
<aside id="side"><div id="panel"></div><details open><summary>Legend</summary><div id="legend"></div></details></aside>
<script type="application/gzip" id="repodigest-data">${encodePayload(payload)}</script>
<script>${script}</script>
</body>
</html>
`;
}
