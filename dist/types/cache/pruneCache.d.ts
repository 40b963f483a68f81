/** Deletes what `used` (entry names relative to the namespace folder) does not list; returns how many entries went. */
export declare function pruneCache(dir: string, used: ReadonlySet<string>): number;
