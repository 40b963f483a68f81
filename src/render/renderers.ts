// The renderer for each output format.
import type { DigestFormat, DocumentRenderer } from '../pack/document.js';
import { RepoDigestError } from '../shared/errors.js';
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
    default:
      // Untyped API callers: an unknown format is an error, never a silent markdown.
      throw new RepoDigestError(`Unknown format '${String(format)}'`, `use one of ${DIGEST_FORMATS.join(', ')}`);
  }
}
