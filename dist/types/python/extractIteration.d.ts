import type { Binding, CallSite } from '../model.js';
export declare function iterationSites(bindings: readonly Binding[], line: number): CallSite[];
