export declare const EXTERNAL_BASE = "\0external";
export declare const UNKNOWN_BASE = "\0unknown";
export type BaseRef = {
    k: 'class';
    id: string;
} | {
    k: 'ext';
} | {
    k: 'unknown';
};
/**
 * No real hierarchy comes near this depth; capping it keeps a generated 20,000-class chain linear
 * instead of quadratic. What lies past the cap is unknown (lookups there end without an edge).
 */
export declare const MAX_MRO_LENGTH = 256;
export interface MroComputer {
    mro(classId: string): readonly string[];
}
export interface BaseSource {
    basesOf(classId: string): BaseRef[];
}
/** `source`: an object with `basesOf` (the class model), or the function itself. */
export declare function createMroComputer(source: BaseSource | ((classId: string) => BaseRef[])): MroComputer;
