// The artifact service v2 upload, as @actions/artifact's uploadArtifact does it (its behaviour is
// what the service expects; see twirpClient.ts for the calls and their retries, blobStorage.ts for
// the bytes):
//   CreateArtifact {workflow_run_backend_id, workflow_job_run_backend_id, name, mime_type:
//   "application/zip", version: 7} -> signed_upload_url; the zip of the files, named by their paths
//   under the root, staged in 8 MiB blocks with the blob's Content-Type application/zip;
//   FinalizeArtifact {…ids, name, size: "<bytes>", hash: "sha256:<hex>"} -> artifact_id.
// The backend ids come from the runtime token (runtimeToken.ts). Names with characters some file
// systems refuse are rejected before any call, with the same list as the real client.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { type BlobDeps, bufferSource, uploadBlob } from './blobStorage.js';
import { runnerServiceDeps } from './runnerServiceDeps.js';
import { backendIdsFromToken } from './runtimeToken.js';
import { ARTIFACT_SERVICE, type TwirpDeps, type TwirpTarget, twirpCall } from './twirpClient.js';
import { writeZip } from './zipWriter.js';

const BLOCK_SIZE = 8 * 1024 * 1024;
const FORBIDDEN = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n'];

export type UploadDeps = TwirpDeps & BlobDeps;

export function defaultUploadDeps(): UploadDeps {
  return runnerServiceDeps();
}

/** Uploads `files` (absolute paths under `root`) as the zip artifact `name`; its id and size in bytes. */
export async function uploadArtifactZip(name: string, files: readonly string[], root: string, target: TwirpTarget, deps: UploadDeps): Promise<{ id: number | undefined; size: number }> {
  const bad = [...FORBIDDEN, '\\', '/'].find((c) => name.includes(c));
  if (name === '' || bad !== undefined) throw new Error(`Invalid artifact name '${name}'. Expected a name without any of: " : < > | * ? \\ / or line breaks.`);
  const entries = await Promise.all(
    files.map(async (file) => {
      const path = relative(root, file).split(sep).join('/');
      const badPath = FORBIDDEN.find((c) => path.includes(c));
      if (path.startsWith('..') || badPath !== undefined) throw new Error(`Invalid artifact file '${path}'. Expected a file under ${root} whose path has none of: " : < > | * ? or line breaks.`);
      return { name: path, data: await readFile(file), modified: (await stat(file)).mtime };
    }),
  );
  const ids = backendIdsFromToken(target.token);
  const backend = { workflow_run_backend_id: ids.workflowRunBackendId, workflow_job_run_backend_id: ids.workflowJobRunBackendId };
  const created = await twirpCall(ARTIFACT_SERVICE, target, 'CreateArtifact', { ...backend, name, mime_type: 'application/zip', version: 7 }, deps);
  if (created['ok'] !== true || typeof created['signed_upload_url'] !== 'string') throw new Error('CreateArtifact: response from backend was not ok');
  const zip = writeZip(entries);
  await uploadBlob(created['signed_upload_url'], bufferSource(zip), { singleShotMax: 0, blockSize: BLOCK_SIZE, contentType: 'application/zip' }, deps);
  const hash = createHash('sha256').update(zip).digest('hex');
  const finalized = await twirpCall(ARTIFACT_SERVICE, target, 'FinalizeArtifact', { ...backend, name, size: String(zip.length), hash: `sha256:${hash}` }, deps);
  if (finalized['ok'] !== true) throw new Error('FinalizeArtifact: response from backend was not ok');
  const id = finalized['artifact_id'];
  return { id: id === undefined ? undefined : Number(BigInt(String(id))), size: zip.length };
}
