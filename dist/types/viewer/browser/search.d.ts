import type { App } from './app.js';
import type { Model } from './model.js';
export declare function rank(model: Model, query: string): number[];
export declare function mountSearch(app: App): void;
