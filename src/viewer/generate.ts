// The viewer file for a repository or a PR's impact: payload (pure) + page script -> HTML text.
import type { RepoIndex } from '../model.js';
import { renderViewerHtml } from './html.js';
import { viewerPageScript } from './pageScript.js';
import { buildViewerPayload, type ViewerPayloadOptions } from './payload.js';

export async function renderViewer(index: RepoIndex, options: ViewerPayloadOptions): Promise<string> {
  const payload = buildViewerPayload(index, options);
  return renderViewerHtml(payload, await viewerPageScript());
}
