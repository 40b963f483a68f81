/** Appends `items` to `target` in place, one by one; returns `target`. */
export declare function appendAll<T>(target: T[], items: Iterable<T>): T[];
/** Adds `value` to the list `map` holds for `key`, starting the list when there is none. */
export declare function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void;
