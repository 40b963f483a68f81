// Annotation text -> values: instances of the classes it names (externals stay external).
// `List[Item]`, `Iterable[Item]`, `tuple[Item, ...]` are a sequence of Item instances;
// `ContextVar[Item]` is a one-slot holder whose `.get()` yields an Item (read like a dict's `.get`).
import type { PySymbol, RefExpr } from '../../model.js';
import { annotationNames, dottedToRef } from './types.js';
import { BUILTIN, unionValues, type Value } from './values.js';

const SEQUENCE_ANNOTATION =
  /^(?:typing\.|collections\.abc\.)?(?:List|list|Sequence|MutableSequence|Iterable|Iterator|Collection|Set|set|FrozenSet|frozenset|Deque|deque|Tuple|tuple|Generator|AsyncIterator|AsyncIterable|AsyncGenerator)\[([\s\S]+)\]$/;
const CONTEXT_VAR_ANNOTATION = /^(?:contextvars\.)?ContextVar\[([\s\S]+)\]$/;

/** The part of the evaluator annotations are evaluated with. */
export interface AnnotationEvaluator {
  symbol(id: string | undefined): PySymbol | undefined;
  evalRef(scope: PySymbol, ref: RefExpr): Value[];
}

export class AnnotationValues {
  /** One container value per (kind, scope, element name), so its id is stable across reads. */
  private readonly held = new Map<string, Value>();

  /** `ids`: where new container values take their ids (containers.ts). */
  constructor(
    private readonly ev: AnnotationEvaluator,
    private readonly ids: { newUid(): number },
  ) {}

  /** The values `text`, read in `scope`, annotates. */
  evaluate(scope: PySymbol, text: string): Value[] {
    const seq = SEQUENCE_ANNOTATION.exec(text.trim());
    const slot = seq ? undefined : CONTEXT_VAR_ANNOTATION.exec(text.trim());
    const held = seq ?? slot;
    if (held) {
      const element = annotationNames(held[1]!.split(',')[0]!)[0];
      if (element) {
        const key = `${slot ? 'slot' : 'seq'}\u0000${scope.id}\u0000${element}`;
        let v = this.held.get(key);
        if (!v) {
          const items: RefExpr[] = [{ t: 'call', callee: dottedToRef(element) }];
          v = slot ? { k: 'elems', uid: this.ids.newUid(), scope, items, dict: true } : { k: 'elems', uid: this.ids.newUid(), scope, items, dict: false, positions: [] };
          this.held.set(key, v);
        }
        return [v];
      }
    }
    const out: Value[][] = [];
    for (const name of annotationNames(text)) {
      out.push(
        this.ev.evalRef(scope, dottedToRef(name)).flatMap((v): Value[] => {
          if (v.k === 'def' && this.ev.symbol(v.id)?.kind === 'class') return [{ k: 'inst', id: v.id }];
          return v.k === 'ext' ? BUILTIN : [];
        }),
      );
    }
    return unionValues(out);
  }
}
