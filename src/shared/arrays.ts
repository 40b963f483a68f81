// Appending one array to another without spreading it into arguments.
//
// `target.push(...items)` passes every element as a function argument, and V8 throws
// "Maximum call stack size exceeded" somewhere past ~100k of them: on CPython's stdlib plus its
// site-packages the project's contains edges alone are more than that, and `graph` crashed. Every
// append whose size depends on the input goes through here.

/** Appends `items` to `target` in place, one by one; returns `target`. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  if (Array.isArray(items)) {
    // Indexed: a generic iteration allocates a result object per item where V8 does not inline it
    // (measured: the largest source of garbage in call-graph resolution after the edges themselves).
    for (let i = 0; i < items.length; i++) target.push(items[i] as T);
  } else for (const item of items) target.push(item);
  return target;
}
