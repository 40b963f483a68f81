import type { App } from './app.js';
export declare function mountControls(app: App): void;
