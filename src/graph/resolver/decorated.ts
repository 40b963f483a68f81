// Which definition a decorator line decorates: the decorated child of the scope whose first line
// (its first decorator) is the closest at or before the decorator's line. Indexed once per scope.
import type { PySymbol } from '../../model.js';
import type { ProjectIndex } from './projectIndex.js';

const tables = new WeakMap<ProjectIndex, Map<string, PySymbol[]>>();

export function decoratedAt(index: ProjectIndex, scope: PySymbol, line: number): PySymbol | undefined {
  let byScope = tables.get(index);
  if (!byScope) tables.set(index, (byScope = new Map()));
  let decorated = byScope.get(scope.id);
  if (!decorated) {
    decorated = [...(index.children.get(scope.id)?.values() ?? [])].flat().filter((s) => s.decorators.length > 0);
    decorated.sort((a, b) => a.startLine - b.startLine);
    byScope.set(scope.id, decorated);
  }
  let found: PySymbol | undefined;
  for (const s of decorated) {
    if (s.startLine > line) break;
    found = s;
  }
  return found;
}
