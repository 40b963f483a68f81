// The viewer's data and page, without a browser: payload shape and determinism, the PR impact set,
// headers, likely-broken sites, and the page's escaping of hostile text.

import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { brokenSitesFrom } from '../../src/viewer/brokenSites.js';
import { renderViewerHtml, scriptSafe } from '../../src/viewer/html.js';
import { buildViewerPayload } from '../../src/viewer/payload.js';
import { EDGE_STRIDE, FLAG_TEST, type ViewerPayload } from '../../src/viewer/payloadTypes.js';
import { sampleRepo, tempTree } from '../cli/cliHarness.js';


function fullIds(p: ViewerPayload): string[] {
  const ids: string[] = [];
  p.symbols.name.forEach((name, i) => {
    const parent = p.symbols.parent[i]!;
    ids.push(parent < 0 ? name : `${ids[parent]}.${name}`);
  });
  return ids;
}

function edgesOf(p: ViewerPayload): string[] {
  const ids = fullIds(p);
  const out: string[] = [];
  for (let k = 0; k < p.edges.length; k += EDGE_STRIDE) {
    out.push(`${ids[p.edges[k]!]} -${p.edgeKinds[p.edges[k + 2]!]}/${p.resolutions[p.edges[k + 3]!]}-> ${ids[p.edges[k + 1]!]}`);
  }
  return out;
}

function decode(html: string): ViewerPayload {
  const match = /<script type="application\/gzip" id="repodigest-data">([A-Za-z0-9+/=]*)<\/script>/.exec(html);
  if (!match) throw new Error('no payload element');
  return JSON.parse(gunzipSync(Buffer.from(match[1]!, 'base64')).toString('utf8')) as ViewerPayload;
}

describe('viewer payload', () => {
  it('rebuilds every id and every non-contains edge of the index, deterministically', async () => {
    const index = await indexRepository(sampleRepo, {});
    const payload = buildViewerPayload(index, { title: 'shop' });
    const ids = new Set(fullIds(payload));
    for (const s of index.symbols) expect(ids.has(s.id)).toBe(true);
    // The `tests` folder has no __init__.py: a synthetic package holds its modules.
    expect(payload.symbolKinds).toContain('package');
    const expected = index.edges.filter((e) => e.kind !== 'contains').map((e) => `${e.from} -${e.kind}/${e.resolution}-> ${e.to}`);
    expect(edgesOf(payload)).toEqual(expected);
    expect(JSON.stringify(buildViewerPayload(index, { title: 'shop' }))).toBe(JSON.stringify(payload));
    const testFlag = fullIds(payload).filter((_, i) => (payload.symbols.flags[i]! & FLAG_TEST) !== 0);
    expect(testFlag).toContain('tests.test_checkout.test_quote_total_includes_tax');
    expect(testFlag).toContain('tests');
    expect(testFlag.some((id) => id.startsWith('shop'))).toBe(false);
  });

  it('keeps a function header without its docstring and a class header without its methods', async () => {
    const index = await indexRepository(sampleRepo, {});
    const payload = buildViewerPayload(index, { title: 'shop' });
    const at = (id: string) => fullIds(payload).indexOf(id);
    expect(payload.symbols.sig[at('shop.checkout.checkout')]).toBe('def checkout(cart: Cart, inventory: Inventory, gateway: PaymentGateway) -> Order:');
    expect(payload.symbols.doc[at('shop.checkout.checkout')]).toMatch(/^Charge the customer/);
    const cart = payload.symbols.sig[at('shop.models.Cart')]!;
    expect(cart.split('\n')[0]).toBe('@dataclass');
    expect(cart).toContain('items: list[LineItem]');
    expect(cart).not.toContain('def add');
    expect(cart).not.toContain('A customer');
  });

  it('a PR impact holds the changed symbols, two hops each way, their ancestors, and nothing further', () => {
    // a -> b -> c -> d -> e (calls); c is changed: a is two hops up, e two hops down... plus one more each side.
    const root = tempTree({
      'chain.py': ['def z():\n    a()\n', 'def a():\n    b()\n', 'def b():\n    c()\n', 'def c():\n    d()\n', 'def d():\n    e()\n', 'def e():\n    f()\n', 'def f():\n    pass\n'].join('\n'),
      'other.py': 'def lonely():\n    pass\n',
    });
    return indexRepository(root, {}).then((index) => {
      const payload = buildViewerPayload(index, { title: 'pr', pr: { changed: [{ id: 'chain.c', change: 'modified' }] } });
      expect(fullIds(payload)).toEqual(['chain', 'chain.a', 'chain.b', 'chain.c', 'chain.d', 'chain.e']);
      expect(payload.mode).toBe('pr');
      expect(payload.pr!.changeKinds).toEqual(['modified']);
      expect(payload.pr!.changed).toEqual([3, 0]);
      expect(edgesOf(payload)).toEqual([
        'chain.a -calls/resolved-> chain.b',
        'chain.b -calls/resolved-> chain.c',
        'chain.c -calls/resolved-> chain.d',
        'chain.d -calls/resolved-> chain.e',
      ]);
    });
  });

  it('keeps likely-broken sites whose ends are in the view, with their reasons', async () => {
    const root = tempTree({ 'm.py': 'def old():\n    pass\n\ndef user():\n    old()\n' });
    const index = await indexRepository(root, {});
    const broken = brokenSitesFrom([
      { id: 'm.old', movedTo: 'n.new', sites: [{ file: 'm.py', caller: 'm.user', line: 5, via: 'call', resolution: 'resolved' }], heuristicSites: [], heuristicOnly: false },
      { id: 'm.gone', sites: [{ file: 'm.py', caller: 'm.user', via: 'import', resolution: 'resolved' }], heuristicSites: [], heuristicOnly: false },
    ]);
    expect(broken.map((b) => b.reason)).toEqual(['calls m.old, which this change removes (now n.new)', 'imports m.gone, which this change removes']);
    const payload = buildViewerPayload(index, { title: 'pr', pr: { changed: [{ id: 'm.old', change: 'removed' }], broken } });
    const ids = fullIds(payload);
    expect(payload.pr!.broken).toEqual([ids.indexOf('m.user'), ids.indexOf('m.old'), 5]);
    expect(payload.pr!.brokenWhy).toEqual(['calls m.old, which this change removes (now n.new)']);
  });
});

describe('viewer page', () => {
  const hostile = '</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)>';

  it('escapes the title, carries the payload as base64 only, and allows just its own script', async () => {
    const index = await indexRepository(tempTree({ 'evil.py': `def f():\n    """${hostile}"""\n` }), {});
    const html = renderViewerHtml(buildViewerPayload(index, { title: hostile }), 'console.log("</script>");');
    expect(html).toContain('<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!-- &#60;img src=x onerror=alert(2)&#62;</title>');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('console.log("<\\/script>");');
    expect(decode(html).symbols.doc).toContain(hostile);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('neutralises the two sequences that could end a script element', () => {
    expect(scriptSafe('a="</SCRIPT>";b="<!--"')).toBe('a="<\\/SCRIPT>";b="<\\!--"');
  });
});
