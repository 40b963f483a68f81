// The page's stylesheet, inlined by html.ts. Colours follow the OS setting (prefers-color-scheme).
export const VIEWER_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;--accent:#0969da;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--panel:#151b23;--accent:#4493f8}}
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:var(--bg);color:var(--fg)}
body{display:grid;grid-template-rows:auto 1fr;grid-template-columns:1fr minmax(280px,28%);grid-template-areas:"top top" "graph panel"}
header{grid-area:top;display:flex;flex-wrap:wrap;align-items:center;gap:.4rem 1rem;padding:.5rem .8rem;border-bottom:1px solid var(--line)}
header h1{font-size:1rem;margin:0;max-width:40ch;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
#notes{flex-basis:100%;color:var(--muted);font-size:.85rem}
#notes p{margin:0}
.searchbox{position:relative}
#search{width:min(42ch,60vw);padding:.3rem .5rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
#search:focus{outline:2px solid var(--accent)}
#suggestions{position:absolute;z-index:5;left:0;top:100%;margin:2px 0 0;padding:0;list-style:none;min-width:100%;max-width:70vw;background:var(--panel);border:1px solid var(--line);border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.2)}
#suggestions li{padding:.25rem .5rem;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#suggestions li[aria-selected=true]{background:var(--accent);color:#fff}
#filters{display:flex;flex-wrap:wrap;gap:.2rem .8rem;font-size:.85rem}
#status{color:var(--muted);font-size:.85rem}
#graph{grid-area:graph;position:relative;min-height:0;min-width:0}
aside{grid-area:panel;overflow:auto;border-left:1px solid var(--line);background:var(--panel);padding:.6rem .8rem}
aside h2{font-size:1rem;margin:.2rem 0 .4rem;word-break:break-all}
aside h3{font-size:.85rem;margin:.8rem 0 .3rem;color:var(--muted);text-transform:uppercase;letter-spacing:.03em}
.facts{display:grid;grid-template-columns:auto 1fr;gap:.1rem .6rem;margin:0}
.facts dt{color:var(--muted)}
.facts dd{margin:0;word-break:break-all}
pre.sig{white-space:pre-wrap;word-break:break-word;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.4rem .5rem;font-size:.8rem}
p.doc{white-space:pre-wrap}
.hint{color:var(--muted)}
ul.links{list-style:none;margin:0;padding:0}
ul.links li{margin:.1rem 0}
button.link{background:none;border:0;padding:0;color:var(--accent);cursor:pointer;font:inherit;text-align:left;word-break:break-all}
button.link:hover,button.link:focus{text-decoration:underline}
.tag{display:inline-block;margin-left:.35rem;padding:0 .3rem;border:1px solid var(--line);border-radius:4px;font-size:.72rem;color:var(--muted)}
.line{margin-left:.35rem;font-size:.75rem;color:var(--muted)}
.broken h3{color:#d62728}
#legend ul{list-style:none;margin:0;padding:0;font-size:.8rem}
.swatch{display:inline-block;vertical-align:middle}
.swatch.dot{width:.75rem;height:.75rem;border-radius:50%;background:var(--c)}
.swatch.line{width:1.4rem;border-top:2px solid var(--c)}
.swatch.line.dashed{border-top-style:dashed}
details{margin-top:.8rem}
`;
