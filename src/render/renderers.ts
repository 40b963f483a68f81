// The renderer for each output format.
import type { DigestFormat, DocumentRenderer } from './document.js';
import { jsonRenderer } from './json.js';
import { markdownRenderer } from './markdown.js';
import { xmlRenderer } from './xml.js';

export const DIGEST_FORMATS: readonly DigestFormat[] = ['markdown', 'xml', 'json'];

export function rendererFor(format: DigestFormat): DocumentRenderer {
  switch (format) {
    case 'markdown':
      return markdownRenderer;
    case 'xml':
      return xmlRenderer;
    case 'json':
      return jsonRenderer;
  }
}
