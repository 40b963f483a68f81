import { type GitRunner } from './gitDiff.js';
export declare function defaultBase(repoDir: string, runGit?: GitRunner): Promise<string | undefined>;
