// Uploads the digest files as one workflow artifact through the artifact service v2 (twirp calls to
// ACTIONS_RESULTS_URL, authorised by ACTIONS_RUNTIME_TOKEN, the zip PUT to a signed blob URL:
// artifactUpload.ts, which does what @actions/artifact does, without its 140 MB of dependencies).
//
// That service is not on GitHub Enterprise Server, and outside a runner the two credentials are
// missing: in both cases the upload is skipped with a reason for the caller to warn about, rather
// than failing a step whose main product (comment, summary, outputs) is fine. The GHES test is the
// one @actions/artifact uses (github.com, *.ghe.com and *.localhost are not GHES).
import { basename, dirname } from 'node:path';
import { defaultUploadDeps, uploadArtifactZip } from './artifactUpload.js';

export type ArtifactResult = { status: 'uploaded'; id: number; size: number } | { status: 'skipped'; reason: string };

export interface ArtifactDeps {
  env: NodeJS.ProcessEnv;
  upload: (name: string, files: string[], rootDirectory: string, env: NodeJS.ProcessEnv) => Promise<{ id?: number | undefined; size?: number | undefined }>;
}

const defaultDeps: ArtifactDeps = {
  env: process.env,
  upload: (name, files, rootDirectory, env) =>
    uploadArtifactZip(name, files, rootDirectory, { resultsUrl: env['ACTIONS_RESULTS_URL'] ?? '', token: env['ACTIONS_RUNTIME_TOKEN'] ?? '' }, defaultUploadDeps()),
};

export function artifactSkipReason(env: NodeJS.ProcessEnv): string | undefined {
  const server = env['GITHUB_SERVER_URL'] || 'https://github.com';
  let host: string;
  try {
    host = new URL(server).hostname.toLowerCase();
  } catch {
    return `GITHUB_SERVER_URL '${server}' is not a URL`;
  }
  if (host !== 'github.com' && !host.endsWith('.ghe.com') && !host.endsWith('.localhost')) {
    return `artifact uploads (artifact service v2) are not supported on GitHub Enterprise Server (${host})`;
  }
  const missing = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL'].filter((name) => !env[name]);
  if (missing.length > 0) return `${missing.join(' and ')} not set (not running on a GitHub Actions runner)`;
  return undefined;
}

/** Uploads `files` (absolute paths, all in one directory) as artifact `name`. */
export async function uploadDigestArtifact(name: string, files: string[], deps: ArtifactDeps = defaultDeps): Promise<ArtifactResult> {
  const reason = artifactSkipReason(deps.env);
  if (reason) return { status: 'skipped', reason };
  const sorted = [...files].sort();
  const root = dirname(sorted[0] ?? '.');
  const stray = sorted.find((f) => dirname(f) !== root);
  if (stray) throw new Error(`Artifact files must share one directory: '${basename(stray)}' is outside ${root}.`);
  let response: Awaited<ReturnType<ArtifactDeps['upload']>>;
  try {
    response = await deps.upload(name, sorted, root, deps.env);
  } catch (error) {
    const message = (error as Error).message;
    // Names are unique per workflow run: a second RepoDigest step (or a matrix job) reusing one is a
    // configuration mistake with a one-word fix.
    const hint = /\(409\)|already exists/i.test(message) ? ` Each RepoDigest step of a workflow run needs its own 'artifact-name' (e.g. include the matrix values).` : '';
    throw new Error(`Uploading artifact '${name}' failed: ${message}.${hint}`, { cause: error });
  }
  if (response.id === undefined) throw new Error(`Artifact '${name}' was uploaded but the service returned no id.`);
  return { status: 'uploaded', id: response.id, size: response.size ?? 0 };
}
