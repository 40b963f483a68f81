import type { ViewerPayload } from './payloadTypes.js';
export declare function encodePayload(payload: ViewerPayload): string;
/** Script text safe inside <script>…</script>: the HTML tokenizer only reacts to `</script` and `<!--`. */
export declare function scriptSafe(js: string): string;
export declare function escapeHtml(text: string): string;
export declare function renderViewerHtml(payload: ViewerPayload, pageScript: string): string;
