import type { Param } from '../model.js';
/** Why `override` no longer fits `base`, or undefined when every call of the base binds to it. */
export declare function overrideMismatch(base: readonly Param[], override: readonly Param[], baseName: string): string | undefined;
