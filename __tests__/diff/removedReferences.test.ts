// "Removed but still referenced" on a real git history: the expected alarm (or silence) of every
// removed symbol is written next to the edit that removes it.
import { describe, expect, it } from 'vitest';
import { twoCommitPrFixture } from './prRepo.js';

const BODY = `    value = x
    value = str(value)
    value = value.strip()
    return bool(value)
`;

const pr = twoCommitPrFixture(
  {
    'pkg/__init__.py': '',
    'pkg/util.py': `def istext(x):\n${BODY}\n\ndef old_api(x):\n${BODY.replace('strip', 'lower')}\n\ndef doomed():\n    return old_api(1)\n`,
    'pkg/store.py': 'class Store:\n    def setmulti(self, a):\n        return a\n\n    def get(self):\n        return 1\n',
    'pkg/use_moved.py': 'from pkg.util import istext\n\n\ndef check(x):\n    return istext(x)\n',
    'pkg/use_stale.py': 'from pkg.util import old_api\n\n\ndef call(x):\n    return old_api(x)\n',
    'pkg/use_guess.py': 'def fill(thing):\n    return thing.setmulti(1)\n',
  },
  {
    // istext moves to pkg/guards.py and util re-exports it: use_moved.py keeps working (no alarm).
    // old_api is renamed new_api, but use_stale.py still imports old_api: a true alarm at lines 1 and 5.
    // doomed is removed too: its call of old_api is gone with it and is not a site.
    'pkg/util.py': `from pkg.guards import istext\n\n\ndef new_api(x):\n${BODY.replace('strip', 'lower')}`,
    'pkg/guards.py': `def istext(x):\n${BODY}`,
    // Store.setmulti is removed; use_guess.py calls .setmulti on an unknown object: name-only, no alarm.
    'pkg/store.py': 'class Store:\n    def get(self):\n        return 1\n',
  },
);

describe('removedStillReferenced through preparePr', () => {
  it('links the moves it relies on', () => {
    const moves = pr.prepared.changes.changed.filter((c) => c.movedTo).map((c) => `${c.id} ${c.moveKind} ${c.movedTo}`);
    expect(moves).toEqual(['pkg.util.istext moved pkg.guards.istext', 'pkg.util.old_api renamed pkg.util.new_api']);
  });

  it('raises only the true alarm, with its live sites, and keeps the name-only match apart', () => {
    const view = pr.prepared.removedReferences.map((r) => ({
      id: r.id,
      movedTo: r.movedTo,
      heuristicOnly: r.heuristicOnly,
      sites: r.sites.map((s) => `${s.file}:${s.line} ${s.caller} ${s.via}`),
      heuristic: r.heuristicSites.map((s) => `${s.file}:${s.line} ${s.caller}`),
    }));
    expect(view).toEqual([
      { id: 'pkg.store.Store.setmulti', movedTo: undefined, heuristicOnly: true, sites: [], heuristic: ['pkg/use_guess.py:2 pkg.use_guess.fill'] },
      {
        id: 'pkg.util.old_api',
        movedTo: 'pkg.util.new_api',
        heuristicOnly: false,
        sites: ['pkg/use_stale.py:1 pkg.use_stale import', 'pkg/use_stale.py:5 pkg.use_stale.call call'],
        heuristic: [],
      },
    ]);
  });

  it('resolves the importer of a moved name through head, not the removed copy', () => {
    const callees = pr.prepared.index.edges.filter((e) => e.from === 'pkg.use_moved.check' && e.kind === 'calls').map((e) => `${e.to} ${e.resolution}`);
    expect(callees).toEqual(['pkg.guards.istext resolved']);
    expect(pr.prepared.notes.join('\n')).not.toContain('not in the analysed code');
  });
});

const passed = twoCommitPrFixture(
  {
    'jobs/__init__.py': '',
    'jobs/work.py': 'def work(x):\n    return x\n\n\ndef keep(x):\n    return x\n',
    'jobs/run.py': 'from jobs.work import keep\nfrom jobs import work as mod\n\n\ndef run_all(xs):\n    return list(map(mod.work, xs))\n',
  },
  {
    // work is removed while run.py still passes it to map: one alarm on line 6, not a call and a use.
    'jobs/work.py': 'def keep(x):\n    return x\n',
  },
);

describe('a removed function passed to a builtin that calls it', () => {
  it('is one site on the line that passes it', () => {
    const work = passed.prepared.removedReferences.find((r) => r.id === 'jobs.work.work');
    expect(work?.sites.map((s) => `${s.file}:${s.line} ${s.caller} ${s.via}`)).toEqual(['jobs/run.py:6 jobs.run.run_all call']);
  });
});
