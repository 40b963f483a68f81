// Whether a removed definition's name still answers in head (pure): a call `obj.m()` or an import
// `from pkg import f` that reached the removed code may reach something else now, and then it is not
// a call of a removed symbol.
//
// Decisions (Python's own lookup: the instance, then the class's MRO, then `__getattr__`):
// - `inherited`: a base class (along the project's `inherits` edges) still defines a method of that
//   name, so `rv.update()` on the subclass runs the base's `update`.
// - `attribute`: the class, or a base, assigns the name as an attribute (`self.m = ...` in any method,
//   `cls.m = ...`, `m = ...` in the class body): the attribute holds what the call calls now.
// - `dynamic`: the class or a base defines `__getattr__`/`__getattribute__`, a base is not a project
//   class (a library base may define the name), or the module of a removed module-level definition
//   defines `__getattr__` (lazy imports): the name may still answer at run time. Its uses are worth a
//   look, not a failed gate.
// - A base that is `object`, an ABC, `Generic`/`Protocol`, or an exception class is taken to define
//   no method a project calls by name, so it does not make a removed method `dynamic`.

import { baseIndex } from '../graph/classNeighbours.js';
import type { Edge, PySymbol } from '../model.js';
import { pushTo } from '../shared/arrays.js';

export type StillAnswered = { by: 'inherited' | 'attribute' | 'dynamic'; from: string };

const DYNAMIC_LOOKUP = new Set(['__getattr__', '__getattribute__']);
const PLAIN_BASE = /^(?:builtins\.)?object$|^(?:abc\.)?ABC$|^(?:typing(?:_extensions)?\.)?(?:Generic|Protocol)(?:\[.*\])?$|^(?:builtins\.)?\w*(?:Error|Exception|Warning)$|^\w+\s*=/s;

function shortName(s: PySymbol): string {
  const last = s.name.slice(s.name.lastIndexOf('.') + 1);
  return last.replace(/#\d+$/, '');
}

/** Names a class binds as attributes: its body's own bindings, and `self.x` / `cls.x` in its methods. */
function attributeNames(cls: PySymbol, members: readonly PySymbol[]): Set<string> {
  const names = new Set<string>();
  for (const b of cls.bindings) if (b.target.length === 1 && !b.adds) names.add(b.target[0]!);
  for (const m of members) {
    if (m.kind !== 'method') continue;
    const receiver = m.params[0]?.name;
    if (receiver === undefined) continue;
    for (const b of m.bindings) if (b.target.length === 2 && b.target[0] === receiver && !b.adds) names.add(b.target[1]!);
  }
  return names;
}

/**
 * For the removed ids, what still answers their name in head (undefined: nothing, a use fails).
 * `symbols` holds head's symbols plus the removed ones put back; `edges` its graph.
 */
export function stillAnsweredOf(symbols: ReadonlyMap<string, PySymbol>, edges: readonly Edge[], removed: ReadonlySet<string>): (id: string) => StillAnswered | undefined {
  const bases = baseIndex(edges);
  // Every symbol's members, gathered on the first question: a change that removes nothing asks none.
  let members: Map<string, PySymbol[]> | undefined;
  const membersOf = (owner: string): readonly PySymbol[] => {
    if (members === undefined) {
      members = new Map();
      for (const s of symbols.values()) if (s.parent !== undefined && !removed.has(s.id)) pushTo(members, s.parent, s);
    }
    return members.get(owner) ?? [];
  };
  const live = (id: string): boolean => symbols.has(id) && !removed.has(id);
  const definesLive = (owner: string, name: string): PySymbol | undefined => membersOf(owner).find((m) => shortName(m) === name);

  /** The class and its project ancestors, nearest first; `opaque` when some written base is not a project class. */
  const lineage = (cls: string): { classes: string[]; opaque: string | undefined } => {
    const classes: string[] = [];
    const seen = new Set<string>([cls]);
    const queue = [cls];
    let opaque: string | undefined;
    while (queue.length > 0) {
      const id = queue.shift()!;
      classes.push(id);
      const resolved = bases(id);
      const written = (symbols.get(id)?.bases ?? []).filter((b) => !PLAIN_BASE.test(b.trim()));
      if (written.length > resolved.length) opaque ??= symbols.get(id)?.name ?? id;
      for (const b of resolved) {
        if (seen.has(b.id)) continue;
        seen.add(b.id);
        queue.push(b.id);
      }
    }
    return { classes, opaque };
  };

  return (id) => {
    const sym = symbols.get(id);
    if (!sym || sym.parent === undefined) return undefined;
    const name = shortName(sym);
    const owner = symbols.get(sym.parent);
    if (!owner || !live(owner.id)) return undefined;
    if (owner.kind === 'module') {
      const getattr = definesLive(owner.id, '__getattr__');
      return getattr ? { by: 'dynamic', from: getattr.id } : undefined;
    }
    if (owner.kind !== 'class') return undefined;
    const { classes, opaque } = lineage(owner.id);
    for (const cls of classes) {
      if (cls !== owner.id) {
        const inherited = definesLive(cls, name);
        if (inherited) return { by: 'inherited', from: inherited.id };
      }
      const clsSym = symbols.get(cls);
      if (clsSym && attributeNames(clsSym, membersOf(cls)).has(name)) return { by: 'attribute', from: cls };
    }
    for (const cls of classes) {
      const hook = membersOf(cls).find((m) => DYNAMIC_LOOKUP.has(shortName(m)));
      if (hook) return { by: 'dynamic', from: hook.id };
    }
    return opaque !== undefined ? { by: 'dynamic', from: opaque } : undefined;
  };
}
