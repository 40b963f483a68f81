/** Appends `items` to `target` in place, one by one; returns `target`. */
export declare function appendAll<T>(target: T[], items: Iterable<T>): T[];
