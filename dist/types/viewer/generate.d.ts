import type { RepoIndex } from '../model.js';
import { type ViewerPayloadOptions } from './payload.js';
export declare function renderViewer(index: RepoIndex, options: ViewerPayloadOptions): Promise<string>;
