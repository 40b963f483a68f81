// What the artifact and cache clients need on a runner, in one place: the results services' HTTP
// layer, real waits, the step's log and its masking (tests pass their own).
import * as core from '@actions/core';
import type { BlobDeps } from './blobStorage.js';
import { resultsHttp } from './resultsHttp.js';
import type { TwirpDeps } from './twirpClient.js';

export function runnerServiceDeps(): TwirpDeps & BlobDeps {
  return {
    http: resultsHttp(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
    info: (line) => core.info(line),
    warning: (line) => core.warning(line),
    setSecret: (secret) => core.setSecret(secret),
  };
}
