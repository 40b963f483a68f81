export declare const BUILTIN_NAMES: ReadonlySet<string>;
/**
 * Methods of str, bytes, list, dict, set, tuple, int and float. A call of one of these on a receiver
 * the resolver cannot type is far more often the builtin method than a project method of that name,
 * so the name-based fallback skips it rather than link `"".join(x)` to every project `join`.
 */
export declare const BUILTIN_METHOD_NAMES: ReadonlySet<string>;
