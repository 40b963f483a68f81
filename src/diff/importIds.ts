// A PR's changed symbols under the ids the index uses (pure). The changes are computed from files
// extracted outside the index (base and head blobs), whose ids are path-based; the index renames ids
// to import names once (pipeline/indexRepository.ts). This applies the same renaming to the changes,
// so roots, the changed list, move links and removed symbols name what the index holds.
import type { PySymbol } from '../model.js';
import type { ChangedSymbol } from './changedSymbols.js';
import { compareStrings } from './hunks.js';

export interface RenamableChanges {
  changed: ChangedSymbol[];
  removedSymbols: PySymbol[];
}

export function changesWithIds<T extends RenamableChanges>(changes: T, idOf: (pathId: string) => string): T {
  const changed = changes.changed.map((c) => ({
    ...c,
    id: idOf(c.id),
    ...(c.movedFrom === undefined ? {} : { movedFrom: idOf(c.movedFrom) }),
    ...(c.movedTo === undefined ? {} : { movedTo: idOf(c.movedTo) }),
  }));
  const removedSymbols = changes.removedSymbols
    .map((s) => {
      const copy: PySymbol = { ...s, id: idOf(s.id), module: idOf(s.module) };
      if (s.parent !== undefined) copy.parent = idOf(s.parent);
      return copy;
    })
    .sort((a, b) => compareStrings(a.id, b.id));
  return { ...changes, changed, removedSymbols };
}
