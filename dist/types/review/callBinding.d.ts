import type { CallShape, Param } from '../model.js';
export type BindResult = {
    status: 'ok';
} | {
    status: 'broken';
    reason: string;
} | {
    status: 'check';
    reason: string;
};
/**
 * `shape` undefined means a call with no arguments. `callee` names the function in messages
 * (`Client.get`); `before`, the base signature's parameters when the function changed, words a
 * rejected keyword as "no longer accepts".
 */
export declare function bindCall(shape: CallShape | undefined, params: readonly Param[], callee: string, before?: readonly Param[]): BindResult;
