import type { DiffLine } from './symbolDiff.js';
export type ChangeClass = 'behaviour' | 'signature' | 'annotation' | 'docstring' | 'formatting' | 'moved' | 'added' | 'removed';
export declare const MECHANICAL: ReadonlySet<ChangeClass>;
export declare function isMechanical(changeClass: ChangeClass | undefined): boolean;
export interface ChangeClassInput {
    change: 'added' | 'modified' | 'removed';
    /** Set on either end of a move or rename. */
    moved?: boolean;
    /** The symbol's own diff lines; unset when unknown (then a modified symbol is a behaviour change). */
    lines?: readonly DiffLine[];
    /** Base text was not available (deleted lines unknown). */
    baseUnknown?: boolean;
}
/** The class of one changed symbol (see the top of the file). */
export declare function classifyChange(input: ChangeClassInput): ChangeClass;
/** The class's name as the digest says it. */
export declare const CLASS_LABEL: Readonly<Record<ChangeClass, string>>;
