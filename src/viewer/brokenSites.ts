// Likely-broken call sites for the viewer, from the PR analysis's "removed but still referenced"
// records (diff/removedReferences.ts). Only resolved, live sites count: name-only matches are the
// analysis's "check", not a breakage.
import type { RemovedReference } from '../diff/removedReferences.js';
import type { BrokenSite } from './payload.js';

export function brokenSitesFrom(references: readonly RemovedReference[]): BrokenSite[] {
  const sites: BrokenSite[] = [];
  for (const ref of references) {
    for (const site of ref.sites) {
      const what = site.via === 'import' ? 'imports' : site.via === 'value' ? 'uses' : 'calls';
      const reason = `${what} ${ref.id}${site.via === 'value' ? ' as a value' : ''}, which this change removes${ref.movedTo ? ` (now ${ref.movedTo})` : ''}`;
      sites.push({ from: site.caller, to: ref.id, ...(site.line !== undefined ? { line: site.line } : {}), reason });
    }
  }
  return sites;
}
