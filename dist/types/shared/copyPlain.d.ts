export declare function copyPlain<T>(value: T): T;
