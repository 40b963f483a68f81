import type { BlobDeps } from './blobStorage.js';
import type { TwirpDeps } from './twirpClient.js';
export declare function runnerServiceDeps(): TwirpDeps & BlobDeps;
