// A small stand-in for GitHub on 127.0.0.1 (random port), speaking exactly what the action uses:
//   REST (GITHUB_API_URL): issue comments list / create / get / update / delete, pulls get and list
//   files, GET /user;
//   GraphQL (POST /graphql): only the `viewer { login }` query of src/action/tokenIdentity.ts, answered
//   in GitHub's GraphQL response shape (not covered by the REST OpenAPI description, so the query text
//   itself is checked: anything else is a violation);
//   artifact service (ACTIONS_RESULTS_URL): twirp CreateArtifact / FinalizeArtifact;
//   blob storage: the signed upload URL CreateArtifact returns points back here; the Azure SDK the
//   artifact client uses stages blocks (PUT ?comp=block) and commits them (PUT ?comp=blocklist).
//   [cache] cache service v2 (ACTIONS_RESULTS_URL with ACTIONS_CACHE_SERVICE_V2): twirp
//   GetCacheEntryDownloadURL / CreateCacheEntry / FinalizeCacheEntryUpload, the way @actions/cache calls
//   them (JSON, proto field names), and their blobs under /cache-blob/: PUT (whole or in blocks), HEAD
//   (properties) and ranged GET (the Azure SDK's downloadToBuffer). Matching: the exact key and version
//   first, then each restore key as a prefix, newest entry first, as the service documents.
// Every request is recorded. Every REST request and response is checked against GitHub's OpenAPI
// description; violations are recorded (tests assert there are none) and a bad request is answered
// 400, so the client fails loudly instead of passing against a fake GitHub would refuse.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pullRequestEvent } from './events.js';
import { OpenApi } from './openapi.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON for JSON bodies, else the raw bytes. */
  body: unknown;
  status: number;
  response: unknown;
  /** When the request arrived (ms since the epoch). */
  at: number;
}

/**
 * A fault to answer one request with: an HTTP status (GitHub's error shape, optional headers such as
 * `retry-after`), or `hang` (the connection stays open and is never answered).
 */
export type Fault = { status: number; message: string; headers?: Record<string, string> } | 'hang';

export interface FakeComment {
  id: number;
  issueNumber: number;
  body: string;
  login: string;
  type: 'Bot' | 'User';
  createdAt: string;
  updatedAt: string;
}

export interface FakeArtifact {
  id: number;
  name: string;
  runBackendId: string;
  jobBackendId: string;
  /** The bytes committed to blob storage (a zip for normal uploads). */
  bytes: Buffer | undefined;
  finalized: boolean;
  size: number;
  hash: string | undefined;
}

export interface DiffEntryInput {
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'renamed';
  additions?: number;
  deletions?: number;
  patch?: string;
  previous_filename?: string;
}

export interface FakeGitHubOptions {
  owner: string;
  repo: string;
  /** The REST token the client must send. */
  token: string;
  /** The ACTIONS_RUNTIME_TOKEN the artifact client must send (one per workflow run: see `runtimeToken`). */
  runtimeToken: string;
  /** Login of the token's bot (comments it creates are authored by it). */
  botLogin?: string;
}

const BOT = 'github-actions[bot]';
const ARTIFACT_SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/';
const CACHE_SERVICE = '/twirp/github.actions.results.api.v1.CacheService/';

/** [cache] One entry of the fake Actions cache. */
export interface FakeCacheEntry {
  id: number;
  key: string;
  version: string;
  blocks: Map<string, Buffer>;
  /** The archive bytes once uploaded. */
  bytes?: Buffer;
  finalized: boolean;
}

export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly violations: string[] = [];
  readonly comments: FakeComment[] = [];
  readonly artifacts: FakeArtifact[] = [];
  /** Answer for the twirp CreateArtifact call instead of creating (e.g. the storage quota error). */
  failCreateArtifact: { status: number; code: string; msg: string } | undefined;
  /** Status to answer comment creation with instead of creating (e.g. 403 for a read-only token). */
  failCreateComment: number | undefined;
  /** Login `GET /user` returns; undefined answers 403 as GitHub does for GITHUB_TOKEN. */
  tokenUser: string | undefined;
  /**
   * Login GraphQL `viewer` returns: by default the token user, else the bot that authors our comments
   * (GitHub answers the app's bot for installation tokens); null answers with a FORBIDDEN error.
   */
  viewerLogin: string | null | undefined;
  /** Requests per operation id held until that many have arrived (to make concurrent runs interleave). */
  private readonly gates = new Map<string, { count: number; waiting: (() => void)[] }>();
  private readonly faults = new Map<string, Fault[]>();
  private readonly hung: ServerResponse[] = [];
  /** [cache] The Actions cache's entries, oldest first. */
  readonly cacheEntries: FakeCacheEntry[] = [];
  /** [cache] Status to answer every cache service call with (a service outage), instead of answering. */
  failCache: number | undefined;
  /** The current workflow run's runtime token; set a new one to simulate the next run. */
  runtimeToken: string;
  private readonly pullFiles = new Map<number, DiffEntryInput[]>();
  private readonly pulls = new Map<number, { title: string; baseSha: string; headSha: string }>();
  private readonly blobs = new Map<string, { blocks: Map<string, Buffer>; committed?: Buffer }>();
  private readonly openapi = OpenApi.load();
  private server: Server | undefined;
  private nextId = 1000;
  private clock = Date.parse('2026-01-01T00:00:00Z');
  url = '';

  constructor(private readonly options: FakeGitHubOptions) {
    this.runtimeToken = options.runtimeToken;
  }

  /**
   * The runner environment a job on this repository sees: API and results-service addresses pointing here.
   * With `run`, the job belongs to a new workflow run (a fresh runtime token, as each run has its own).
   */
  runnerEnv(run?: { runId: string; jobId: string }): Record<string, string> {
    if (run) this.runtimeToken = fakeRuntimeToken(run.runId, run.jobId);
    return {
      GITHUB_REPOSITORY: `${this.options.owner}/${this.options.repo}`,
      GITHUB_API_URL: this.url,
      GITHUB_SERVER_URL: 'https://github.com',
      ACTIONS_RESULTS_URL: `${this.url}/`,
      ACTIONS_RUNTIME_TOKEN: this.runtimeToken,
    };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((error: Error) => {
        this.violations.push(`fake server error: ${error.stack ?? error.message}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: error.message }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    for (const res of this.hung) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  seedComment(issueNumber: number, body: string, login = BOT, type: 'Bot' | 'User' = 'Bot'): FakeComment {
    const now = this.tick();
    const comment = { id: this.nextId++, issueNumber, body, login, type, createdAt: now, updatedAt: now };
    this.comments.push(comment);
    return comment;
  }

  setPullFiles(prNumber: number, files: DiffEntryInput[]): void {
    this.pullFiles.set(prNumber, files);
  }

  /** A pull request `GET /repos/{o}/{r}/pulls/{n}` answers for. */
  setPull(prNumber: number, pull: { title: string; baseSha: string; headSha: string }): void {
    this.pulls.set(prNumber, pull);
  }

  /** The author of comments the token creates. */
  get botLogin(): string {
    return this.options.botLogin ?? BOT;
  }

  /** Answers the next requests of `operationId` with these faults, one each, before answering normally again. */
  fail(operationId: string, ...faults: Fault[]): void {
    this.faults.set(operationId, [...(this.faults.get(operationId) ?? []), ...faults]);
  }

  /** Holds the next `count` requests of `operationId` until all of them have arrived, then answers them all. */
  gate(operationId: string, count: number): void {
    this.gates.set(operationId, { count, waiting: [] });
  }

  private async passGate(operationId: string): Promise<void> {
    const gate = this.gates.get(operationId);
    if (!gate) return;
    await new Promise<void>((resolve) => {
      gate.waiting.push(resolve);
      if (gate.waiting.length >= gate.count) {
        this.gates.delete(operationId);
        for (const release of gate.waiting) release();
      }
    });
  }

  commentsOn(issueNumber: number): FakeComment[] {
    return this.comments.filter((c) => c.issueNumber === issueNumber);
  }

  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString().replace('.000Z', 'Z');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const isJson = (req.headers['content-type'] ?? '').includes('json');
    let body: unknown = raw.length === 0 ? undefined : raw;
    if (isJson && raw.length > 0) body = JSON.parse(raw.toString('utf8')) as unknown;
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
      status: 0,
      response: undefined,
      at: Date.now(),
    };
    this.requests.push(record);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
      record.status = status;
      record.response = payload;
      const text = payload === undefined ? '' : JSON.stringify(payload);
      res.writeHead(status, { ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...headers });
      res.end(text);
    };

    if (url.pathname.startsWith(ARTIFACT_SERVICE)) return this.twirp(req, url.pathname.slice(ARTIFACT_SERVICE.length), body, send);
    if (url.pathname.startsWith(CACHE_SERVICE)) return this.cacheTwirp(req, url.pathname.slice(CACHE_SERVICE.length), body, send);
    if (url.pathname.startsWith('/cache-blob/')) return this.cacheBlob(req, res, url, raw, record);
    if (url.pathname.startsWith('/blob/')) return this.blob(req, url, raw, send);
    if (url.pathname === '/graphql' || url.pathname === '/api/graphql') return this.graphql(req, body, send);
    return this.rest(req, res, url, body, send, record);
  }

  // ---------------------------------------------------------------- GraphQL (viewer only)
  private graphql(req: IncomingMessage, body: unknown, send: (s: number, p: unknown) => void): void {
    const auth = req.headers['authorization'] ?? '';
    if (auth !== `token ${this.options.token}` && auth !== `bearer ${this.options.token}`) {
      return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/graphql' });
    }
    const query = String((body as { query?: unknown } | undefined)?.query ?? '').replace(/\s+/g, ' ').trim();
    if (req.method !== 'POST' || query !== 'query { viewer { login } }') {
      this.violations.push(`fake server: GraphQL ${req.method ?? ''} '${query}' is not implemented`);
      return send(400, { message: 'Problems parsing JSON' });
    }
    if (this.viewerLogin === null) {
      return send(200, { data: null, errors: [{ type: 'FORBIDDEN', path: ['viewer'], locations: [{ line: 1, column: 9 }], message: 'Resource not accessible by integration' }] });
    }
    send(200, { data: { viewer: { login: this.viewerLogin ?? this.tokenUser ?? this.botLogin } } });
  }

  // ---------------------------------------------------------------- REST
  private async rest(req: IncomingMessage, res: ServerResponse, url: URL, body: unknown, send: (s: number, p: unknown, h?: Record<string, string>) => void, record: RecordedRequest): Promise<void> {
    const method = req.method ?? 'GET';
    const auth = req.headers['authorization'] ?? '';
    if (auth !== `token ${this.options.token}` && auth !== `bearer ${this.options.token}`) {
      return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    }
    const requestErrors = this.openapi.checkRequest(method, url, body);
    if (requestErrors.length > 0) {
      this.violations.push(...requestErrors);
      return send(400, { message: `OpenAPI violation: ${requestErrors.join('; ')}` });
    }
    const reply = (status: number, payload: unknown, headers?: Record<string, string>): void => {
      this.violations.push(...this.openapi.checkResponse(method, url.pathname, status, payload));
      send(status, payload, headers);
    };
    const op = this.openapi.match(method, url.pathname)!;
    const p = op.pathParams;
    if (op.template.startsWith('/repos/') && (p['owner'] !== this.options.owner || p['repo'] !== this.options.repo)) {
      return reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    }
    const id = op.operation.operationId;
    await this.passGate(id);
    const fault = this.faults.get(id)?.shift();
    if (fault === 'hang') {
      record.status = -1;
      this.hung.push(res);
      return;
    }
    if (fault) {
      // Server errors and rate limits can answer any operation; the description documents them for few,
      // so these answers are sent unchecked, in GitHub's error shape.
      return send(fault.status, { message: fault.message, documentation_url: 'https://docs.github.com/rest', status: String(fault.status) }, fault.headers);
    }
    if (id === 'issues/list-comments') {
      const all = this.commentsOn(Number(p['issue_number'])).sort((a, b) => a.id - b.id);
      const { items, link } = this.page(url, all);
      return reply(200, items.map((c) => this.commentJson(c)), link ? { link } : {});
    }
    if (id === 'issues/create-comment') {
      if (this.failCreateComment !== undefined) {
        return reply(this.failCreateComment, {
          message: 'Resource not accessible by integration',
          documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
          status: String(this.failCreateComment),
        });
      }
      const login = this.botLogin;
      const comment = this.seedComment(Number(p['issue_number']), (body as { body: string }).body, login, login.endsWith('[bot]') ? 'Bot' : 'User');
      return reply(201, this.commentJson(comment), { location: this.commentApiUrl(comment.id) });
    }
    if (id === 'issues/get-comment') {
      const comment = this.comments.find((c) => c.id === Number(p['comment_id']));
      if (!comment) return reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/issues/comments#get-an-issue-comment' });
      return reply(200, this.commentJson(comment));
    }
    if (id === 'issues/delete-comment') {
      const at = this.comments.findIndex((c) => c.id === Number(p['comment_id']));
      // GitHub answers 404 for any missing resource; the description lists it for only some operations
      // (not this one), so this answer is sent unchecked.
      if (at < 0) return send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/issues/comments#delete-an-issue-comment', status: '404' });
      this.comments.splice(at, 1);
      return reply(204, undefined);
    }
    if (id === 'issues/update-comment') {
      const comment = this.comments.find((c) => c.id === Number(p['comment_id']));
      if (!comment) return reply(404, { message: 'Not Found' });
      comment.body = (body as { body: string }).body;
      comment.updatedAt = this.tick();
      return reply(200, this.commentJson(comment));
    }
    if (id === 'pulls/list-files') {
      // GitHub lists at most 3,000 files of a pull request, whatever the page asked for.
      const files = (this.pullFiles.get(Number(p['pull_number'])) ?? []).slice(0, 3000);
      const { items, link } = this.page(url, files);
      return reply(200, items.map((f) => this.diffEntryJson(f)), link ? { link } : {});
    }
    if (id === 'pulls/get') {
      const number = Number(p['pull_number']);
      const pull = this.pulls.get(number);
      if (!pull) return reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request' });
      // GitHub's own example payload (webhooks and REST share the pull-request shape), patched.
      const event = pullRequestEvent({ owner: this.options.owner, repo: this.options.repo }, { number, ...pull });
      return reply(200, { ...(event['pull_request'] as Record<string, unknown>), auto_merge: null });
    }
    if (id === 'users/get-authenticated') {
      if (this.tokenUser === undefined) {
        return reply(403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user' });
      }
      return reply(200, { ...this.userJson(this.tokenUser, 'User'), ...PUBLIC_PROFILE });
    }
    this.violations.push(`fake server: ${method} ${url.pathname} (${id}) is not implemented`);
    send(501, { message: `not implemented: ${id}` });
  }

  private page<T>(url: URL, all: T[]): { items: T[]; link: string | undefined } {
    const perPage = Number(url.searchParams.get('per_page') ?? '30');
    const page = Number(url.searchParams.get('page') ?? '1');
    const items = all.slice((page - 1) * perPage, page * perPage);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const at = (n: number): string => {
      const u = new URL(url.href);
      u.searchParams.set('page', String(n));
      u.searchParams.set('per_page', String(perPage));
      return u.href;
    };
    const links: string[] = [];
    if (page < last) links.push(`<${at(page + 1)}>; rel="next"`, `<${at(last)}>; rel="last"`);
    if (page > 1) links.push(`<${at(1)}>; rel="first"`, `<${at(page - 1)}>; rel="prev"`);
    return { items, link: links.length > 0 ? links.join(', ') : undefined };
  }

  private commentApiUrl(id: number): string {
    return `${this.url}/repos/${this.options.owner}/${this.options.repo}/issues/comments/${id}`;
  }

  private commentJson(c: FakeComment): Record<string, unknown> {
    const { owner, repo } = this.options;
    return {
      id: c.id,
      node_id: `IC_kwDO${c.id}`,
      url: this.commentApiUrl(c.id),
      html_url: `https://github.com/${owner}/${repo}/pull/${c.issueNumber}#issuecomment-${c.id}`,
      body: c.body,
      user: this.userJson(c.login, c.type),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      issue_url: `${this.url}/repos/${owner}/${repo}/issues/${c.issueNumber}`,
      author_association: 'NONE',
      performed_via_github_app: null,
      reactions: {
        url: `${this.commentApiUrl(c.id)}/reactions`,
        total_count: 0,
        '+1': 0,
        '-1': 0,
        laugh: 0,
        confused: 0,
        heart: 0,
        hooray: 0,
        eyes: 0,
        rocket: 0,
      },
    };
  }

  private userJson(login: string, type: 'Bot' | 'User'): Record<string, unknown> {
    const api = `${this.url}/users/${encodeURIComponent(login)}`;
    return {
      login,
      id: type === 'Bot' ? 41898282 : 583231,
      node_id: type === 'Bot' ? 'MDM6Qm90NDE4OTgyODI=' : 'MDQ6VXNlcjU4MzIzMQ==',
      avatar_url: 'https://avatars.githubusercontent.com/in/15368?v=4',
      gravatar_id: '',
      url: api,
      html_url: `https://github.com/${login}`,
      followers_url: `${api}/followers`,
      following_url: `${api}/following{/other_user}`,
      gists_url: `${api}/gists{/gist_id}`,
      starred_url: `${api}/starred{/owner}{/repo}`,
      subscriptions_url: `${api}/subscriptions`,
      organizations_url: `${api}/orgs`,
      repos_url: `${api}/repos`,
      events_url: `${api}/events{/privacy}`,
      received_events_url: `${api}/received_events`,
      type,
      site_admin: false,
    };
  }

  private diffEntryJson(f: DiffEntryInput): Record<string, unknown> {
    const { owner, repo } = this.options;
    const sha = createHash('sha1').update(f.filename).digest('hex');
    const additions = f.additions ?? 0;
    const deletions = f.deletions ?? 0;
    return {
      sha,
      filename: f.filename,
      status: f.status,
      additions,
      deletions,
      changes: additions + deletions,
      blob_url: `https://github.com/${owner}/${repo}/blob/${sha}/${f.filename}`,
      raw_url: `https://github.com/${owner}/${repo}/raw/${sha}/${f.filename}`,
      contents_url: `${this.url}/repos/${owner}/${repo}/contents/${f.filename}?ref=${sha}`,
      ...(f.patch !== undefined ? { patch: f.patch } : {}),
      ...(f.previous_filename !== undefined ? { previous_filename: f.previous_filename } : {}),
    };
  }

  // ---------------------------------------------------------------- artifact service (twirp, JSON)
  private twirp(req: IncomingMessage, method: string, body: unknown, send: (s: number, p: unknown) => void): void {
    const fail = (code: string, msg: string, status = 400): void => {
      this.violations.push(`artifact service ${method}: ${msg}`);
      send(status, { code, msg });
    };
    if (req.method !== 'POST') return fail('bad_route', `method ${req.method ?? ''}`, 404);
    if (req.headers['authorization'] !== `Bearer ${this.runtimeToken}`) {
      return fail('unauthenticated', 'missing or wrong ACTIONS_RUNTIME_TOKEN bearer', 401);
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return fail('malformed', 'expected a JSON body');
    const b = (body ?? {}) as Record<string, unknown>;
    const ids = backendIds(this.runtimeToken);
    if (b['workflow_run_backend_id'] !== ids.run || b['workflow_job_run_backend_id'] !== ids.job) {
      return fail('invalid_argument', `backend ids ${String(b['workflow_run_backend_id'])}/${String(b['workflow_job_run_backend_id'])} do not match the token`);
    }
    const name = b['name'];
    if (typeof name !== 'string' || name === '') return fail('invalid_argument', 'name missing');
    if (method === 'CreateArtifact') {
      if (this.failCreateArtifact) return send(this.failCreateArtifact.status, { code: this.failCreateArtifact.code, msg: this.failCreateArtifact.msg });
      if (b['version'] !== 7) return fail('invalid_argument', `version ${String(b['version'])}, expected 7`);
      if (this.artifacts.some((a) => a.name === name && a.runBackendId === ids.run)) {
        return send(409, { code: 'already_exists', msg: `an artifact with this name already exists on the workflow run` });
      }
      const artifact: FakeArtifact = { id: this.nextId++, name, runBackendId: ids.run, jobBackendId: ids.job, bytes: undefined, finalized: false, size: 0, hash: undefined };
      this.artifacts.push(artifact);
      const blobPath = `/blob/devstoreaccount1/actions-results/${ids.run}/${artifact.id}/${encodeURIComponent(name)}.zip`;
      this.blobs.set(blobPath, { blocks: new Map() });
      return send(200, { ok: true, signed_upload_url: `${this.url}${blobPath}?sig=fakesignature&se=2099-01-01T00%3A00%3A00Z&sp=cw&sv=2025-01-05` });
    }
    if (method === 'FinalizeArtifact') {
      const artifact = this.artifacts.find((a) => a.name === name && a.runBackendId === ids.run && !a.finalized);
      if (!artifact) return fail('not_found', `no open artifact named ${name}`, 404);
      const blob = [...this.blobs.entries()].find(([p]) => p.includes(`/${artifact.id}/`))?.[1];
      if (!blob?.committed) return fail('failed_precondition', 'no committed blob for the artifact');
      const size = Number(b['size']);
      const sha = createHash('sha256').update(blob.committed).digest('hex');
      if (size !== blob.committed.length) return fail('invalid_argument', `size ${size} but ${blob.committed.length} bytes uploaded`);
      if (b['hash'] !== undefined && b['hash'] !== `sha256:${sha}`) return fail('invalid_argument', `hash ${String(b['hash'])} but sha256:${sha} uploaded`);
      Object.assign(artifact, { bytes: blob.committed, finalized: true, size, hash: b['hash'] as string | undefined });
      return send(200, { ok: true, artifact_id: String(artifact.id) });
    }
    return fail('bad_route', `unknown method ${method}`, 404);
  }

  // ---------------------------------------------------------------- blob storage (Azure block blob subset)
  private blob(req: IncomingMessage, url: URL, raw: Buffer, send: (s: number, p: unknown, h?: Record<string, string>) => void): void {
    const blob = this.blobs.get(url.pathname);
    if (!blob || url.searchParams.get('sig') !== 'fakesignature') {
      this.violations.push(`blob: ${req.method ?? ''} ${url.pathname} without a valid signed URL`);
      return send(403, undefined);
    }
    const headers = { 'x-ms-request-id': `req-${this.nextId++}`, 'x-ms-version': '2025-01-05', date: new Date(this.clock).toUTCString() };
    const comp = url.searchParams.get('comp');
    if (req.method === 'PUT' && comp === 'block') {
      const blockId = url.searchParams.get('blockid');
      if (!blockId) return send(400, undefined, headers);
      blob.blocks.set(blockId, raw);
      return send(201, undefined, { ...headers, 'x-ms-request-server-encrypted': 'true' });
    }
    if (req.method === 'PUT' && comp === 'blocklist') {
      const ids = [...raw.toString('utf8').matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)].map((m) => m[2]!);
      const parts = ids.map((id) => blob.blocks.get(id));
      if (parts.some((p) => p === undefined)) {
        this.violations.push('blob: block list names a block that was never staged');
        return send(400, undefined, headers);
      }
      blob.committed = Buffer.concat(parts as Buffer[]);
      return send(201, undefined, { ...headers, etag: '"0x8DCFAKE"', 'last-modified': new Date(this.clock).toUTCString(), 'x-ms-request-server-encrypted': 'true' });
    }
    if (req.method === 'PUT' && comp === null) {
      blob.committed = raw; // single-shot Put Blob
      return send(201, undefined, { ...headers, etag: '"0x8DCFAKE"', 'last-modified': new Date(this.clock).toUTCString() });
    }
    this.violations.push(`blob: unsupported ${req.method ?? ''} comp=${comp ?? ''}`);
    send(400, undefined, headers);
  }

  // ---------------------------------------------------------------- [cache] cache service v2 (twirp, JSON)
  private cacheTwirp(req: IncomingMessage, method: string, body: unknown, send: (s: number, p: unknown) => void): void {
    const fail = (code: string, msg: string, status = 400): void => {
      this.violations.push(`cache service ${method}: ${msg}`);
      send(status, { code, msg });
    };
    if (this.failCache !== undefined) return send(this.failCache, { code: 'internal', msg: 'cache service unavailable' });
    if (req.method !== 'POST') return fail('bad_route', `method ${req.method ?? ''}`, 404);
    if (req.headers['authorization'] !== `Bearer ${this.runtimeToken}`) return fail('unauthenticated', 'missing or wrong ACTIONS_RUNTIME_TOKEN bearer', 401);
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return fail('malformed', 'expected a JSON body');
    const b = (body ?? {}) as Record<string, unknown>;
    const key = b['key'];
    const version = b['version'];
    if (typeof key !== 'string' || key === '' || key.length > 512 || key.includes(',')) return fail('invalid_argument', `key ${String(key)}`);
    if (typeof version !== 'string' || !/^[0-9a-f]{64}$/.test(version)) return fail('invalid_argument', `version ${String(version)}`);
    if (method === 'GetCacheEntryDownloadURL') {
      const restoreKeys = b['restore_keys'] ?? [];
      if (!Array.isArray(restoreKeys) || !restoreKeys.every((k) => typeof k === 'string')) return fail('invalid_argument', 'restore_keys');
      const ready = this.cacheEntries.filter((e) => e.finalized && e.version === version).reverse();
      const hit = ready.find((e) => e.key === key) ?? (restoreKeys as string[]).map((k) => ready.find((e) => e.key.startsWith(k))).find((e) => e !== undefined);
      if (!hit) return send(200, { ok: false, signed_download_url: '', matched_key: '' });
      return send(200, { ok: true, signed_download_url: this.cacheBlobUrl(hit, 'r'), matched_key: hit.key });
    }
    if (method === 'CreateCacheEntry') {
      if (this.cacheEntries.some((e) => e.key === key && e.version === version)) {
        return send(409, { code: 'already_exists', msg: 'cache entry with the same key, version, and scope already exists' });
      }
      const entry: FakeCacheEntry = { id: this.nextId++, key, version, blocks: new Map(), finalized: false };
      this.cacheEntries.push(entry);
      return send(200, { ok: true, signed_upload_url: this.cacheBlobUrl(entry, 'cw') });
    }
    if (method === 'FinalizeCacheEntryUpload') {
      const entry = this.cacheEntries.find((e) => e.key === key && e.version === version && !e.finalized);
      if (!entry) return fail('not_found', `no open cache entry ${key}`, 404);
      if (!entry.bytes) return fail('failed_precondition', 'no uploaded blob for the cache entry');
      if (Number(b['size_bytes']) !== entry.bytes.length) return fail('invalid_argument', `size_bytes ${String(b['size_bytes'])} but ${entry.bytes.length} bytes uploaded`);
      entry.finalized = true;
      return send(200, { ok: true, entry_id: String(entry.id) });
    }
    return fail('bad_route', `unknown method ${method}`, 404);
  }

  private cacheBlobUrl(entry: FakeCacheEntry, permissions: string): string {
    return `${this.url}/cache-blob/${entry.id}/cache.tzst?sig=fakesignature&se=2099-01-01T00%3A00%3A00Z&sp=${permissions}&sv=2025-01-05`;
  }

  // ---------------------------------------------------------------- [cache] cache blobs (Azure block blob subset, with reads)
  private cacheBlob(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer, record: RecordedRequest): void {
    const entry = this.cacheEntries.find((e) => url.pathname === `/cache-blob/${e.id}/cache.tzst`);
    const reply = (status: number, headers: Record<string, string>, data?: Buffer): void => {
      record.status = status;
      res.writeHead(status, { 'x-ms-request-id': `req-${this.nextId++}`, 'x-ms-version': '2025-01-05', date: new Date(this.clock).toUTCString(), ...headers });
      res.end(data);
    };
    if (!entry || url.searchParams.get('sig') !== 'fakesignature') {
      this.violations.push(`cache blob: ${req.method ?? ''} ${url.pathname} without a valid signed URL`);
      return reply(403, {});
    }
    const writable = url.searchParams.get('sp') === 'cw';
    const comp = url.searchParams.get('comp');
    const written = { etag: '"0x8DCFAKE"', 'last-modified': new Date(this.clock).toUTCString(), 'x-ms-request-server-encrypted': 'true', 'content-length': '0' };
    if (req.method === 'PUT' && writable && !entry.finalized) {
      if (comp === 'block') {
        const blockId = url.searchParams.get('blockid');
        if (!blockId) return reply(400, {});
        entry.blocks.set(blockId, raw);
        return reply(201, { 'x-ms-request-server-encrypted': 'true', 'content-length': '0' });
      }
      if (comp === 'blocklist') {
        const parts = [...raw.toString('utf8').matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)].map((m) => entry.blocks.get(m[2]!));
        if (parts.some((p) => p === undefined)) {
          this.violations.push('cache blob: block list names a block that was never staged');
          return reply(400, {});
        }
        entry.bytes = Buffer.concat(parts as Buffer[]);
        return reply(201, written);
      }
      if (comp === null) {
        entry.bytes = raw;
        return reply(201, written);
      }
    }
    if ((req.method === 'HEAD' || req.method === 'GET') && !writable && entry.finalized && entry.bytes) {
      const bytes = entry.bytes;
      const props = { etag: '"0x8DCFAKE"', 'last-modified': new Date(this.clock).toUTCString(), 'x-ms-blob-type': 'BlockBlob', 'accept-ranges': 'bytes', 'content-type': 'application/octet-stream' };
      if (req.method === 'HEAD') return reply(200, { ...props, 'content-length': String(bytes.length) });
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers['x-ms-range'] ?? req.headers['range'] ?? ''));
      if (!range) return reply(200, { ...props, 'content-length': String(bytes.length) }, bytes);
      const start = Number(range[1]);
      const end = range[2] === '' ? bytes.length - 1 : Math.min(Number(range[2]), bytes.length - 1);
      const part = bytes.subarray(start, end + 1);
      return reply(206, { ...props, 'content-length': String(part.length), 'content-range': `bytes ${start}-${end}/${bytes.length}` }, part);
    }
    this.violations.push(`cache blob: unsupported ${req.method ?? ''} comp=${comp ?? ''} sp=${url.searchParams.get('sp') ?? ''}`);
    reply(400, {});
  }
}

// The extra fields GitHub's `public-user` schema requires beyond a simple user.
const PUBLIC_PROFILE = {
  name: null,
  company: null,
  blog: '',
  location: null,
  email: null,
  hireable: null,
  bio: null,
  public_repos: 1,
  public_gists: 0,
  followers: 0,
  following: 0,
  created_at: '2020-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

/**
 * A runtime token shaped like the runner's: a JWT whose `scp` claim carries
 * `Actions.Results:<workflowRunBackendId>:<workflowJobRunBackendId>` (what @actions/artifact reads).
 * Unsigned: the client only decodes it.
 */
export function fakeRuntimeToken(runBackendId: string, jobBackendId: string): string {
  const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const claims = {
    scp: `Actions.ExampleScope Actions.Results:${runBackendId}:${jobBackendId}`,
    iss: 'https://token.actions.githubusercontent.com',
    aud: 'vso:fake',
    nbf: 1767225600,
    exp: 4102444800,
  };
  return `${b64({ typ: 'JWT', alg: 'RS256' })}.${b64(claims)}.${Buffer.from('signature').toString('base64url')}`;
}

function backendIds(token: string): { run: string; job: string } {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { scp?: string };
  const scope = (claims.scp ?? '').split(' ').find((s) => s.startsWith('Actions.Results:')) ?? '';
  const [, run = '', job = ''] = scope.split(':');
  return { run, job };
}
