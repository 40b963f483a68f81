// Redaction on real Python source: each kind of secret replaced by its placeholder, counted; what is
// not a secret (a hash constant, a placeholder password, ordinary strings) left alone.
import { describe, expect, it } from 'vitest';
import { collectProviderSecrets, redactText, sortedCounts } from '../../src/review/redact.js';

// Fake credentials built from pieces, so that this file itself does not look like it holds any.
const AWS_ID = ['AKIA', '2OGYBAH6T4MXQKPL'].join('');
const AWS_SECRET = ['Zx3pQm9TfV2kLw8RjN4s', 'Yb6HcE1uGa7DiOo5XtBq'].join('');
const GITHUB = ['ghp_', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('');
const SLACK = ['xoxb-', '123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'].join('');
const STRIPE = ['sk_', 'live_', '4eC39HqLyjWDarjtT1zdp7dc'].join('');
const GOOGLE = ['AIza', 'SyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI'].join('');
const JWT = ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'].join('.');
const PEM = ['-----BEGIN RSA ', 'PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\nKUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQJAIJLixBy2qpFoS4DSmoEm\n-----END RSA ', 'PRIVATE KEY-----'].join('');
const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const SOURCE = `
import boto3

AWS_ACCESS_KEY_ID = "${AWS_ID}"
AWS_SECRET_ACCESS_KEY = "${AWS_SECRET}"
GITHUB = "${GITHUB}"
SLACK = "${SLACK}"
STRIPE = "${STRIPE}"
MAPS = "${GOOGLE}"
SESSION = "${JWT}"
PEM = """${PEM}"""
DATABASE_URL = "postgres://app:s3cr3t-Pa55@db.internal:5432/app"
TEMPLATE_URL = "postgres://app:\${DB_PASSWORD}@db.internal:5432/app"
API_KEY = "q8Zr2LmX7vN4pT9kW3sY6bH1"
EXPECTED_SHA256 = "${HASH}"
GREETING = "hello world, this is not a secret"


def client(api_token="Kf83hdLq92mZxP0wYt5R"):
    return boto3.client("s3", aws_access_key_id="${AWS_ID}", settings={"password": "Nq7vT2xLp9sR4mKw8zYb"})
`;

describe('redaction', () => {
  it('replaces each kind of credential by a placeholder naming it, and counts them', async () => {
    const table = await collectProviderSecrets([SOURCE]);
    const { text, counts } = redactText(SOURCE, table);
    for (const secret of [AWS_ID, AWS_SECRET, GITHUB, SLACK, STRIPE, GOOGLE, JWT, PEM, 's3cr3t-Pa55', 'q8Zr2LmX7vN4pT9kW3sY6bH1', 'Kf83hdLq92mZxP0wYt5R', 'Nq7vT2xLp9sR4mKw8zYb']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('AWS_ACCESS_KEY_ID = "<redacted: aws-access-key>"');
    expect(text).toContain('AWS_SECRET_ACCESS_KEY = "<redacted: aws-secret-key>"');
    expect(text).toContain('GITHUB = "<redacted: github-token>"');
    expect(text).toContain('SLACK = "<redacted: slack-token>"');
    expect(text).toContain('STRIPE = "<redacted: stripe-key>"');
    expect(text).toContain('MAPS = "<redacted: google-api-key>"');
    expect(text).toContain('SESSION = "<redacted: jwt>"');
    expect(text).toContain('PEM = """<redacted: private-key>"""');
    expect(text).toContain('DATABASE_URL = "postgres://app:<redacted: url-password>@db.internal:5432/app"');
    expect(text).toContain('API_KEY = "<redacted: secret-assignment>"');
    expect(text).toContain('def client(api_token="<redacted: secret-assignment>"):');
    expect(text).toContain('aws_access_key_id="<redacted: aws-access-key>"');
    expect(text).toContain('{"password": "<redacted: secret-assignment>"}');
    expect(sortedCounts(counts)).toEqual([
      { kind: 'aws-access-key', count: 2 },
      { kind: 'aws-secret-key', count: 1 },
      { kind: 'github-token', count: 1 },
      { kind: 'google-api-key', count: 1 },
      { kind: 'jwt', count: 1 },
      { kind: 'private-key', count: 1 },
      { kind: 'secret-assignment', count: 3 },
      { kind: 'slack-token', count: 1 },
      { kind: 'stripe-key', count: 1 },
      { kind: 'url-password', count: 1 },
    ]);
  });

  it('leaves a hash constant, a placeholder password and plain strings alone', async () => {
    const { text } = redactText(SOURCE, await collectProviderSecrets([SOURCE]));
    expect(text).toContain(`EXPECTED_SHA256 = "${HASH}"`);
    expect(text).toContain('TEMPLATE_URL = "postgres://app:${DB_PASSWORD}@db.internal:5432/app"');
    expect(text).toContain('GREETING = "hello world, this is not a secret"');
  });

  it('keeps URL-parsing test vectors for hosts reserved for examples; a real host is still redacted', () => {
    const vectors = [
      'assert parse("http://user:hunter22@example.com/x").password == "hunter22"',
      'URL = "https://bob:s3cr3t-Pa55@api.example.org:8443/v1"',
      'check("ftp://a:b0gus-pw@files.test/")',
      'check("redis://:pw-1234567@localhost:6379/0")',
      'check("http://u:pw-1234567@host.invalid")',
    ].join('\n');
    expect(redactText(vectors).text).toBe(vectors);
    const real = 'DSN = "postgres://app:hunter22@db.example-corp.com/app"\nURL = "https://u:hunter22@example.com.evil.io/"';
    expect(redactText(real).text).toBe(
      'DSN = "postgres://app:<redacted: url-password>@db.example-corp.com/app"\nURL = "https://u:<redacted: url-password>@example.com.evil.io/"',
    );
  });

  it('documents the known false positive: a hash under a secret-sounding name is redacted', () => {
    expect(redactText(`CACHE_KEY = "${HASH}"\n`).text).toBe('CACHE_KEY = "<redacted: secret-assignment>"\n');
  });

  it('finds secret assignments in every form the rule reads (prefixes, annotations, dict entries, keywords, line breaks)', () => {
    // The rule runs only on texts holding `[:=]`, an optional string prefix and a quoted 16+ character run
    // (redact.ts ASSIGNED_LITERAL): each form below must still be caught, alone in its text.
    const value = 'q8Zr2LmX7vN4pT9kW3sY6bH1';
    const forms = [
      `API_KEY = "${value}"`,
      `api_key=r'${value}'`,
      `API_KEY: str = b"${value}"`,
      `config = {"secret": "${value}"}`,
      `connect(token='${value}')`,
      `TOKEN =\n    "${value}"`,
      `def f():\n    """Docstring."""\n    auth_token = U"${value}"\n`,
    ];
    for (const form of forms) {
      const out = redactText(form);
      expect(out.text, form).not.toContain(value);
      expect(sortedCounts(out.counts), form).toEqual([{ kind: 'secret-assignment', count: 1 }]);
    }
  });

  it('changes nothing in code without secrets', async () => {
    const code = 'def f(token):\n    return token.split(":")\n\nKEY_NAME = "user_session_identifier"\n';
    expect(redactText(code, await collectProviderSecrets([code])).text).toBe(code);
  });
});
