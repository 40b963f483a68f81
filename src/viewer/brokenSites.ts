// Likely-broken call sites for the viewer, from the PR analysis's "removed but still referenced"
// records (diff/removedReferences.ts in the PR work; typed here by shape, so the viewer needs nothing
// more than the fields it reads and works whether or not a digest carries them). Only resolved,
// live sites count: name-only matches are the analysis's "check", not a breakage.
import type { BrokenSite } from './payload.js';

export interface RemovedReferenceLike {
  id: string;
  movedTo?: string;
  sites: readonly { caller: string; line?: number; via: string }[];
}

export function brokenSitesFrom(references: readonly RemovedReferenceLike[] | undefined): BrokenSite[] {
  const sites: BrokenSite[] = [];
  for (const ref of references ?? []) {
    for (const site of ref.sites) {
      const what = site.via === 'import' ? 'imports' : 'calls';
      const reason = `${what} ${ref.id}, which this change removes${ref.movedTo ? ` (now ${ref.movedTo})` : ''}`;
      sites.push({ from: site.caller, to: ref.id, ...(site.line !== undefined ? { line: site.line } : {}), reason });
    }
  }
  return sites;
}
