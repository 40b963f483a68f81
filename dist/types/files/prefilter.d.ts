export interface WordIndex {
    /** Files (by number, as given) whose text holds `name` as a word. */
    uses(name: string): readonly number[];
    /** Files whose text holds `def name` or `class name`. */
    defines(name: string): readonly number[];
    /** Files whose text holds `def name` (a function or method: what an attribute can call by name). */
    definesFunction(name: string): readonly number[];
    /** Files whose text holds `name` as an attribute (`.name`): where a method can be called or read. */
    readsAttribute(name: string): readonly number[];
    /** Whether file `file` holds `name` as a word. */
    has(file: number, name: string): boolean;
}
/** The index of a tree with no words. */
export declare const NO_WORDS: WordIndex;
export declare function buildWordIndex(texts: readonly string[]): WordIndex;
