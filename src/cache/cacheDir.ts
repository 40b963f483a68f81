// Where the CLI keeps its cache when no --cache-dir is given: the user's cache folder, as the XDG
// base-directory spec says ($XDG_CACHE_HOME when it is an absolute path, else ~/.cache), under
// `repodigest`; %LOCALAPPDATA% on Windows.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir(), platform: NodeJS.Platform = process.platform): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && xdg !== '' && isAbsolute(xdg)) return join(xdg, 'repodigest');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'repodigest', 'cache');
  return join(home, '.cache', 'repodigest');
}
