import type { ViewerPayload } from '../payloadTypes.js';
export declare function readPayload(element: HTMLElement): Promise<ViewerPayload>;
