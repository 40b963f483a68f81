import type { CallShape } from '../model.js';
/** Argument lists longer than this are not read: the shape is `unread` (binding says "check"). */
export declare const MAX_SHAPE_TEXT = 4000;
/** The shape of the call whose callee ends at `calleeEnd`; undefined when it passes no arguments (or is not a call). */
export declare function callShapeFromText(source: string, calleeEnd: number): CallShape | undefined;
