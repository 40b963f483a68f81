export declare function defaultCacheDir(env?: NodeJS.ProcessEnv, home?: string, platform?: NodeJS.Platform): string;
