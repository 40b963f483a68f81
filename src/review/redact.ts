// Secret redaction: credentials in code become `<redacted: KIND>` before anything is rendered.
//
// Decisions:
// - Provider token formats come from secretlint's maintained recommended preset (AWS, GitHub,
//   Slack, npm, SendGrid, OpenAI, Anthropic, Shopify, 1Password, Linear, GCP service-account keys,
//   private-key blocks). Version 11.7.1 is the last line that runs on Node 20; what that preset
//   lacks is added here, one regex each: Stripe keys, Google API keys, JWTs, passwords in URLs, and
//   high-entropy string literals assigned to a name that says key / secret / token / password.
// - secretlint is asynchronous and costs a fraction of a millisecond per call, so it runs only on
//   texts that contain a provider's prefix (PROVIDER_HINT); what it finds becomes a table of exact
//   values, replaced synchronously everywhere they occur. The regexes of this file run on every text.
// - A URL password is replaced alone (`https://user:<redacted: url-password>@host`), so the host
//   stays readable; values that look like placeholders (`${PASS}`, `***`, `<password>`) stay, and so
//   do credentials for hosts reserved for examples and tests (RFC 2606/6761: `example.com/.net/.org`,
//   `*.example`, `*.test`, `*.invalid`, `localhost`): URL-parsing tests are full of them, and no
//   service behind such a name holds a real account.
// - Entropy rule: a literal of 16+ characters without spaces, at least 3.5 bits per character
//   (Shannon), assigned to such a name (`API_KEY = "..."`, `token="..."`, `"secret": "..."`). A hash
//   constant under such a name (`CACHE_KEY = "d41d8cd9..."`) is redacted too: a known false positive.
//   The same hash under any other name is left alone.
// - Not caught: secrets split across literals or built at run time, short or low-entropy passwords
//   outside URLs, names that do not say what they hold, and formats of providers not listed above.
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';

export interface RedactionCount {
  kind: string;
  count: number;
}

export interface RedactedText {
  text: string;
  /** Secrets replaced, per kind. */
  counts: Map<string, number>;
}

/** Exact secret values (from secretlint) and their kinds, replaced wherever they occur. */
export type SecretTable = ReadonlyMap<string, string>;

export function placeholder(kind: string): string {
  return `<redacted: ${kind}>`;
}

const PROVIDER_HINT = /A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|-----BEGIN|xox[abposr]-|hooks\.slack\.com|gh[pousr]_|github_pat_|npm_|SG\.|sk-|shp(?:at|ca|pa|ss)_|ops_|lin_api_|"private_key"|(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)/;

const KIND_BY_MESSAGE: Record<string, string> = {
  AWSAccessKeyID: 'aws-access-key',
  AWSSecretAccessKey: 'aws-secret-key',
  AWSAccountID: 'aws-account-id',
  GITHUB_TOKEN: 'github-token',
  SLACK_TOKEN: 'slack-token',
  IncomingWebhook: 'slack-webhook',
  PrivateKey: 'private-key',
};

function kindOf(ruleId: string, messageId: string | undefined): string {
  if (messageId !== undefined && KIND_BY_MESSAGE[messageId]) return KIND_BY_MESSAGE[messageId]!;
  const rule = ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
  return messageId === undefined ? rule : `${rule}-${messageId.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

interface Rule {
  kind: string;
  pattern: RegExp;
  /** The capture group holding the secret (0: the whole match). */
  group: number;
  /** Whether a match is a secret: its value, and the whole match's groups. */
  accept?: (value: string, groups: RegExpMatchArray) => boolean;
  /** Text every match contains: a text without it is not searched (one scan instead of a regex tried at every letter). */
  needs?: string;
}

const PLACEHOLDER_VALUE = /^(?:\*+|x+|X+|\.+|\$\{?\w+\}?|\{[^}]*\}|%\(?\w*\)?s|<[^>]*>|password|passwd|pass|secret|changeme|example|user|username|none|null)$/i;
/** Host names no real service can hold (RFC 2606 and 6761), with an optional trailing dot. */
const RESERVED_HOST = /^(?:(?:[\w-]+\.)*(?:example|test|invalid|localhost)|(?:[\w-]+\.)*example\.(?:com|net|org))\.?$/i;
const SECRET_NAME = /(?:key|secret|token|passw(?:or)?d|passwd|pwd|credential|auth)/i;

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const freq = new Map<string, number>();
  for (const c of value) freq.set(c, (freq.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of freq.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function looksRandom(value: string): boolean {
  if (value.length < 16 || /\s/.test(value) || value.includes('://') || PLACEHOLDER_VALUE.test(value)) return false;
  if (/example|changeme|placeholder|dummy|your[_-]?/i.test(value)) return false;
  if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false; // words, identifiers, digit strings
  return entropy(value) >= 3.5;
}

const RULES: readonly Rule[] = [
  // AWS access key ids where secretlint's word-boundary rule does not look: inside identifiers and
  // file names (`k_AKIA…`, `AKIA…_backup.py`), where `_` joins the id to a word.
  { kind: 'aws-access-key', pattern: /(?<![A-Z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}(?![A-Z0-9])/dg, group: 0 },
  { kind: 'stripe-key', pattern: /\b(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{16,}\b/dg, group: 0 },
  { kind: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/dg, group: 0, needs: 'AIza' },
  { kind: 'jwt', pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/dg, group: 0, needs: 'eyJ' },
  {
    kind: 'url-password',
    // A scheme starts where a run of scheme characters starts (a lookbehind, not \b): tried from every
    // word boundary of a long `a.b.c…` run, the scheme scan made the rule quadratic.
    pattern: /(?<![a-zA-Z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s:/@'"]+:([^\s@/'"]+)@([^\s:/?#'"]*)/dg,
    group: 1,
    accept: (v, m) => !PLACEHOLDER_VALUE.test(v) && !RESERVED_HOST.test(m[2] ?? ''),
    needs: '://',
  },
  {
    kind: 'secret-assignment',
    // NAME = "v", NAME: T = "v", name="v" (keyword argument), "name": "v" (dict entry). The name
    // starts where an identifier starts: tried from every letter of a long run of letters the
    // pattern would be quadratic (a 1 MB string literal would take minutes).
    // Runs of white space and the value are matched atomically (`(?=(X))\N`: a lookahead captures the
    // longest run, the backreference consumes it, nothing retries a shorter one), and an annotation is
    // words joined by `,` or `|`: each character has one place in a match, so the rule is linear.
    pattern:
      /["']?(?<![\p{L}\p{N}_])([\p{L}_][\p{L}\p{N}_]*)["']?(?=(\s*))\2(?::(?=(\s*))\3[\w.[\]]+(?:[ \t]*[,|][ \t]*[\w.[\]]+)*(?=(\s*))\4)?[:=](?=(\s*))\5[rRbBuU]?(["'])(?=([^"'\n\\]{16,}))\7\6/dgu,
    group: 7,
    accept: (v) => looksRandom(v),
  },
];

/**
 * What every match of the secret-assignment rule contains: an assignment or colon, then a quoted run
 * of 16+ characters. Its pattern is tried from every identifier of a text (the \p{L} lookbehind makes
 * it the costliest regex of a run), this one only where `:` or `=` stands, so texts
 * without such a literal (most of them: docstrings follow `:` with a triple quote) skip the rule.
 */
const ASSIGNED_LITERAL = /[:=]\s*[rRbBuU]?(["'])[^"'\n\\]{16,}\1/;

interface Hit {
  start: number;
  end: number;
  kind: string;
}

function ruleHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const rule of RULES) {
    if (rule.needs !== undefined && !text.includes(rule.needs)) continue;
    if (rule.kind === 'secret-assignment' && !ASSIGNED_LITERAL.test(text)) continue;
    rule.pattern.lastIndex = 0;
    for (const m of text.matchAll(rule.pattern)) {
      const value = m[rule.group];
      if (value === undefined || (rule.accept && !rule.accept(value, m))) continue;
      if (rule.kind === 'secret-assignment' && !SECRET_NAME.test(m[1] ?? '')) continue;
      const [start, end] = m.indices![rule.group]!;
      hits.push({ start, end, kind: rule.kind });
    }
  }
  return hits;
}

/** Replaces the table's values and this file's rules' matches; overlapping hits keep the first (longest) one. */
export function redactText(text: string, table: SecretTable = new Map()): RedactedText {
  const hits: Hit[] = [];
  for (const [value, kind] of table) {
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) hits.push({ start: at, end: at + value.length, kind });
  }
  for (const h of ruleHits(text)) hits.push(h);
  const counts = new Map<string, number>();
  if (hits.length === 0) return { text, counts };
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let from = 0;
  for (const h of hits) {
    if (h.start < from) continue; // inside one already replaced
    out += text.slice(from, h.start) + placeholder(h.kind);
    from = h.end;
    counts.set(h.kind, (counts.get(h.kind) ?? 0) + 1);
  }
  return { text: out + text.slice(from), counts };
}

/** The values this file's rules find in `text`, with their kinds (for texts that are names, not code). */
export function ruleSecrets(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const h of ruleHits(text)) {
    const value = text.slice(h.start, h.end);
    if (!found.has(value)) found.set(value, h.kind);
  }
  return found;
}

/** Whether secretlint's provider rules could find anything in `text` (cheap, synchronous). */
export function mayHoldProviderToken(text: string): boolean {
  return PROVIDER_HINT.test(text);
}

const CONFIG = {
  rules: [
    {
      id: '@secretlint/secretlint-rule-preset-recommend',
      rule: recommended,
      rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
    },
  ],
};

/** Adds to `table` the exact secret values secretlint's recommended preset finds in `texts`. */
export async function collectProviderSecrets(texts: Iterable<string>, table: Map<string, string> = new Map()): Promise<Map<string, string>> {
  for (const content of texts) {
    if (!mayHoldProviderToken(content)) continue;
    const result = await lintSource({ source: { content, filePath: 'code.py', contentType: 'text' }, options: { config: CONFIG as never, noPhysicFilePath: true } });
    for (const m of result.messages) {
      const kind = kindOf(m.ruleId, m.messageId);
      // URL credentials are replaced by this file's own rule, the password alone.
      if (/basicauth|connection/i.test(m.ruleId)) continue;
      // secretlint's ranges are not always the secret's own (AWS secret keys: the match start), so
      // the value is taken from the message data and must occur in the text.
      const values = Object.values(m.data ?? {}).filter((v): v is string => typeof v === 'string' && v.length >= 8 && content.includes(v));
      const value = values.sort((a, b) => b.length - a.length)[0] ?? content.slice(m.range[0], m.range[1]);
      if (value.length >= 8 && !table.has(value)) table.set(value, kind);
    }
  }
  return table;
}

export function sortedCounts(counts: ReadonlyMap<string, number>): RedactionCount[] {
  return [...counts].map(([kind, count]) => ({ kind, count })).sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

export function addCounts(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n);
}
