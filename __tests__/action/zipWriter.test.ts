// The artifact's zip writer, read back by two independent readers: our central-directory reader
// (support/zip.ts) and Python's zipfile module, which also checks every CRC-32.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, tableCrc32, writeZip } from '../../src/action/zipWriter.js';
import { readZip } from '../support/zip.js';

const when = new Date(2026, 5, 15, 13, 45, 30);
const entries = [
  { name: 'digest.md', data: Buffer.from('# Digest\n\n```python\ndef f():\n    return "ü"\n```\n'.repeat(300)), modified: when },
  { name: 'digest.json', data: Buffer.from(JSON.stringify({ items: [1, 2, 3] })), modified: when },
  { name: 'empty.txt', data: Buffer.alloc(0), modified: when },
  { name: 'sub/grafik-ü.bin', data: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)), modified: when },
];

describe('writeZip', () => {
  it('round-trips through our reader', () => {
    const files = readZip(writeZip(entries));
    expect([...files.keys()]).toEqual(entries.map((e) => e.name));
    for (const e of entries) expect(files.get(e.name)!.equals(e.data)).toBe(true);
  });

  it("is read by Python's zipfile: names, bytes, CRCs, dates", () => {
    const dir = mkdtempSync(join(tmpdir(), 'repodigest-zip-'));
    const path = join(dir, 'a.zip');
    writeFileSync(path, writeZip(entries));
    const script = [
      'import hashlib, json, sys, zipfile',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'print(json.dumps([[i.filename, hashlib.sha256(z.read(i)).hexdigest(), list(i.date_time), i.compress_type] for i in z.infolist()]))',
    ].join('\n');
    const listed = JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })) as [string, string, number[], number][];
    const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
    expect(listed.map(([name, hash]) => [name, hash])).toEqual(entries.map((e) => [e.name, sha(e.data)]));
    expect(listed[0]![2]).toEqual([2026, 6, 15, 13, 45, 30]);
    // Long text deflates; the short JSON and the empty file would not get smaller, so they are stored.
    expect(listed.map(([, , , method]) => method)).toEqual([8, 0, 0, 8]);
  });

  it('stores an entry deflate would make larger', () => {
    const random = Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 197 + 13) % 256));
    const zip = writeZip([{ name: 'r', data: random, modified: when }]);
    expect(zip.readUInt16LE(8)).toBe(0);
    expect(readZip(zip).get('r')!.equals(random)).toBe(true);
  });
});

describe('crc32', () => {
  it('the table matches zlib and the standard check value', () => {
    expect(tableCrc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    for (const e of entries) expect(tableCrc32(e.data)).toBe(crc32(e.data));
  });
});
