// Appending one array to another without spreading it into arguments.
//
// `target.push(...items)` passes every element as a function argument, and V8 throws
// "Maximum call stack size exceeded" somewhere past ~100k of them: on a large tree (a Python
// installation's stdlib with its site-packages) the contains edges alone are more than that. Every
// append whose size depends on the input goes through here.

/** Appends `items` to `target` in place, one by one; returns `target`. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  if (Array.isArray(items)) {
    // Indexed: a generic iteration allocates a result object per item where V8 does not inline it
    // (in call-graph resolution that would be the largest source of garbage after the edges themselves).
    for (let i = 0; i < items.length; i++) target.push(items[i] as T);
  } else for (const item of items) target.push(item);
  return target;
}

/** Adds `value` to the list `map` holds for `key`, starting the list when there is none. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
