/// <reference lib="dom" />
// Reads the embedded payload: base64 text of gzip-compressed JSON (see ../html.ts), inflated with the
// browser's own DecompressionStream, so no inflate code ships in the page.
import type { ViewerPayload } from '../payloadTypes.js';

export async function readPayload(element: HTMLElement): Promise<ViewerPayload> {
  const binary = atob((element.textContent ?? '').trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  const payload = JSON.parse(await new Response(stream).text()) as ViewerPayload;
  if (payload.v !== 1) throw new Error(`unknown payload version ${String(payload.v)}`);
  return payload;
}
