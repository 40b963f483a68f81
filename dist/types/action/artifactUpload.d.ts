import { type BlobDeps } from './blobStorage.js';
import { type TwirpDeps, type TwirpTarget } from './twirpClient.js';
export type UploadDeps = TwirpDeps & BlobDeps;
export declare function defaultUploadDeps(): UploadDeps;
/** Uploads `files` (absolute paths under `root`) as the zip artifact `name`; its id and size in bytes. */
export declare function uploadArtifactZip(name: string, files: readonly string[], root: string, target: TwirpTarget, deps: UploadDeps): Promise<{
    id: number | undefined;
    size: number;
}>;
