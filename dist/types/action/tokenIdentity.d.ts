import type { Octokit } from './octokit.js';
export declare const DEFAULT_TOKEN_LOGIN = "github-actions[bot]";
export declare const VIEWER_QUERY = "query { viewer { login } }";
export declare function tokenLogin(octokit: Octokit): Promise<string>;
