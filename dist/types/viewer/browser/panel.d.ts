import type { App } from './app.js';
export declare function mountPanel(app: App): void;
