/** The flags raising V8's tier-up thresholds, by the V8 version string (`process.versions.v8`). */
export declare function lateTierUpFlags(v8Version: string): string[];
/** True when the user's own Node options already set one of the flags `flags` names. */
export declare function userSetsAny(flags: readonly string[], userOptions: string): boolean;
/** Sets the tier-up flags for this process (every isolate made afterwards shares them), unless the user set their own. */
export declare function preferLateTierUp(): void;
