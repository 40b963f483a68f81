// Bounds a cache folder to what one run used: every entry of this build's namespace that the run did
// not read or write is deleted, and so are other namespaces' folders. The Action calls it before
// saving, so the saved cache is the head tree's entries and nothing older (its size then follows the
// repository, not the number of runs). The CLI never prunes: its folder is shared by every repository
// the user digests (README, "Cache").
import fs from 'node:fs';
import { join } from 'node:path';
import { cacheNamespace } from './cacheKey.js';

/** Deletes what `used` (entry names relative to the namespace folder) does not list; returns how many entries went. */
export function pruneCache(dir: string, used: ReadonlySet<string>): number {
  const namespace = cacheNamespace();
  let removed = 0;
  let tops: string[];
  try {
    tops = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  for (const top of tops) {
    if (top !== namespace) {
      if (/^[0-9a-f]{16}$/.test(top)) fs.rmSync(join(dir, top), { recursive: true, force: true });
      continue;
    }
    for (const sub of fs.readdirSync(join(dir, top))) {
      for (const file of fs.readdirSync(join(dir, top, sub))) {
        if (used.has(`${sub}/${file}`)) continue;
        fs.rmSync(join(dir, top, sub, file), { force: true });
        removed++;
      }
    }
  }
  return removed;
}
