// The end-to-end tests' view of a real git repository: write (or delete) files and commit in one call.
import { makeRepo, type TestRepo } from './testRepo.js';

export class GitRepo {
  private readonly repo: TestRepo = makeRepo();
  readonly dir = this.repo.dir;

  git(...args: string[]): string {
    return this.repo.git(...args);
  }

  /** Writes (string) or deletes (null) files, commits them, returns the new SHA. */
  commit(message: string, files: Record<string, string | null>): string {
    for (const [path, text] of Object.entries(files)) {
      if (text === null) this.repo.remove(path);
      else this.repo.write({ [path]: text });
    }
    return this.repo.commit(message);
  }
}
