import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCodingCookie } from '../../src/files/decode.js';
import type { ReadDeps } from '../../src/files/read.js';
import { createSourceReader, defaultReadDeps, readPythonSource } from '../../src/files/read.js';
import { errnoError, link, runningAsRoot, tempDir, writeTree } from './tempTree.js';

const MB = 1024 * 1024;
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

async function readOne(content: string | Uint8Array, maxBytes = MB) {
  const root = tempDir();
  writeTree(root, { 'm.py': content });
  return readPythonSource(root, 'm.py', { maxBytes });
}

describe('readPythonSource: text and notes', () => {
  it('returns plain UTF-8 unchanged with no notes', async () => {
    expect(await readOne('def café():\n    return "ü"\n')).toEqual({ ok: true, text: 'def café():\n    return "ü"\n', notes: [] });
  });

  it('strips a UTF-8 BOM and says so', async () => {
    expect(await readOne(bytes([0xef, 0xbb, 0xbf], 'x = 1\n'))).toEqual({ ok: true, text: 'x = 1\n', notes: ['UTF-8 BOM removed'] });
  });

  it('normalises CRLF, lone CR and mixed endings to LF', async () => {
    const expected = { ok: true, text: 'a = 1\nb = 2\nc = 3\n', notes: ['CRLF line endings normalised'] };
    expect(await readOne('a = 1\r\nb = 2\r\nc = 3\r\n')).toEqual(expected);
    expect(await readOne('a = 1\rb = 2\rc = 3\r')).toEqual(expected);
    expect(await readOne('a = 1\r\nb = 2\rc = 3\n')).toEqual(expected);
  });

  it('reports BOM and CRLF together, in that order', async () => {
    const result = await readOne(bytes([0xef, 0xbb, 0xbf], 'x = 1\r\n'));
    expect(result).toEqual({ ok: true, text: 'x = 1\n', notes: ['UTF-8 BOM removed', 'CRLF line endings normalised'] });
  });

  it('honours a latin-1 coding cookie on line 1 as true ISO-8859-1 (0x80 is U+0080, not the euro sign)', async () => {
    const result = await readOne(bytes('# -*- coding: latin-1 -*-\nname = "caf', [0xe9], '"\nc1 = "', [0x80], '"\n'));
    expect(result).toEqual({ ok: true, text: '# -*- coding: latin-1 -*-\nname = "café"\nc1 = "\u0080"\n', notes: [] });
  });

  it('honours a cookie on line 2 after a shebang, but not after a line of code', async () => {
    expect(await readOne(bytes('#!/usr/bin/env python\n# vim: set fileencoding=iso-8859-15 :\ns = "', [0xa4], '"\n'))).toEqual({
      ok: true,
      text: '#!/usr/bin/env python\n# vim: set fileencoding=iso-8859-15 :\ns = "€"\n',
      notes: [],
    });
    const ignored = await readOne(bytes('x = 1\n# coding: latin-1\ns = "', [0xe9], '"\n'));
    expect(ignored).toEqual({
      ok: true,
      text: 'x = 1\n# coding: latin-1\ns = "\ufffd"\n',
      notes: ['not valid UTF-8: undecodable bytes replaced with U+FFFD'],
    });
  });

  it('decodes other encodings TextDecoder supports (cp1252, shift_jis, euc_jp with Python spelling)', async () => {
    expect(await readOne(bytes('# coding: cp1252\ns = "', [0x80], '"\n'))).toEqual({ ok: true, text: '# coding: cp1252\ns = "€"\n', notes: [] });
    // 日本 in Shift_JIS is 93 fa 96 7b; in EUC-JP c6 fc cb dc.
    expect(await readOne(bytes('# -*- coding: shift_jis -*-\ns = "', [0x93, 0xfa, 0x96, 0x7b], '"\n'))).toMatchObject({ ok: true, text: '# -*- coding: shift_jis -*-\ns = "日本"\n' });
    expect(await readOne(bytes('# coding=euc_jp\ns = "', [0xc6, 0xfc, 0xcb, 0xdc], '"\n'))).toMatchObject({ ok: true, text: '# coding=euc_jp\ns = "日本"\n' });
  });

  it('notes an unknown cookie and decodes as UTF-8', async () => {
    expect(await readOne('# coding: klingon-8\nx = "é"\n')).toEqual({
      ok: true,
      text: '# coding: klingon-8\nx = "é"\n',
      notes: ["unknown coding cookie 'klingon-8': decoded as UTF-8"],
    });
  });

  it('notes a cookie that contradicts a UTF-8 BOM and keeps UTF-8', async () => {
    expect(await readOne(bytes([0xef, 0xbb, 0xbf], '# coding: latin-1\nx = "é"\n'))).toEqual({
      ok: true,
      text: '# coding: latin-1\nx = "é"\n',
      notes: ['UTF-8 BOM removed', "coding cookie 'latin-1' conflicts with the UTF-8 BOM: decoded as UTF-8"],
    });
  });

  it('replaces invalid UTF-8 with U+FFFD and notes it', async () => {
    expect(await readOne(bytes('s = "', [0xff, 0xfe, 0xc3], '"\n'))).toEqual({
      ok: true,
      text: 's = "\ufffd\ufffd\ufffd"\n',
      notes: ['not valid UTF-8: undecodable bytes replaced with U+FFFD'],
    });
  });

  it('notes bytes invalid in the cookie encoding', async () => {
    // 0x80 alone is not valid Shift_JIS.
    const result = await readOne(bytes('# coding: shift_jis\ns = "', [0x80], '"\n'));
    expect(result).toMatchObject({ ok: true, notes: ["not valid shift_jis: undecodable bytes replaced with U+FFFD"] });
  });

  it('finds cookies exactly where PEP 263 allows', () => {
    expect(findCodingCookie(bytes('# -*- coding: UTF-8 -*-\n'))).toBe('utf-8');
    expect(findCodingCookie(bytes('\n# coding=latin-1\n'))).toBe('latin-1');
    expect(findCodingCookie(bytes('\r\n# coding: latin-1\r\n'))).toBe('latin-1');
    expect(findCodingCookie(bytes('import os\n# coding: latin-1\n'))).toBeUndefined();
    expect(findCodingCookie(bytes('#\n#\n# coding: latin-1\n'))).toBeUndefined();
    expect(findCodingCookie(bytes('x = "coding: latin-1"\n'))).toBeUndefined();
  });
});

describe('readPythonSource: skips with reasons', () => {
  it('skips a file with a NUL byte as binary, giving the offset', async () => {
    expect(await readOne(bytes('abc', [0], 'def'))).toEqual({ ok: false, reason: 'binary file (NUL byte at offset 3)' });
  });

  it('skips a UTF-16 file as UTF-16, not as binary (issue 9, defect 5)', async () => {
    expect(await readOne(bytes([0xff, 0xfe], Array.from(Buffer.from('x = 1\n', 'utf16le'))))).toEqual({
      ok: false,
      reason: 'UTF-16 text (byte-order mark): Python cannot run UTF-16 source, so it is not analysed',
    });
  });

  it('skips a file over maxBytes with the remedy, and reads one of exactly maxBytes', async () => {
    const content = 'x = 1\n'.repeat(10); // 60 bytes
    expect(await readOne(content, 59)).toEqual({
      ok: false,
      reason: 'larger than 59 bytes (60 bytes); raise --max-file-bytes to include it',
    });
    expect(await readOne(content, 60)).toEqual({ ok: true, text: content, notes: [] });
  });

  it('reports a file that vanished since discovery as unreadable: ENOENT', async () => {
    const root = tempDir();
    expect(await readPythonSource(root, 'gone.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'unreadable: ENOENT' });
  });

  // Running as root, chmod 000 does not stop reads, so EACCES comes from an open() fake at the fs
  // boundary; the real chmod case runs only as an ordinary user.
  it('reports a permission failure as unreadable: EACCES (injected open)', async () => {
    const root = tempDir();
    writeTree(root, { 'm.py': 'x = 1\n' });
    const deps: ReadDeps = {
      ...defaultReadDeps,
      open: (p) => {
        throw errnoError('EACCES', 'open', p);
      },
    };
    expect(await readPythonSource(root, 'm.py', { maxBytes: MB }, deps)).toEqual({ ok: false, reason: 'unreadable: EACCES' });
  });

  it.runIf(!runningAsRoot)('reports a chmod-000 file as unreadable: EACCES (real, non-root only)', async () => {
    const root = tempDir();
    writeTree(root, { 'm.py': 'x = 1\n' });
    fs.chmodSync(path.join(root, 'm.py'), 0o000);
    expect(await readPythonSource(root, 'm.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'unreadable: EACCES' });
  });

  it('refuses a FIFO without blocking, and a directory', async () => {
    const root = tempDir();
    execFileSync('mkfifo', [path.join(root, 'pipe.py')]);
    fs.mkdirSync(path.join(root, 'pkg.py'));
    expect(await readPythonSource(root, 'pipe.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'not a regular file' });
    expect(await readPythonSource(root, 'pkg.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'not a regular file' });
  });

  it('never follows a symlink out of the root, but reads one that stays inside', async () => {
    const outside = tempDir('repodigest-outside-');
    writeTree(outside, { 'secret.py': 'TOKEN = 1\n' });
    const root = tempDir();
    writeTree(root, { 'pkg/real.py': 'x = 1\n' });
    link(root, 'escape.py', path.join(outside, 'secret.py'));
    link(root, 'dir_out', outside);
    link(root, 'inside.py', 'pkg/real.py');
    expect(await readPythonSource(root, 'escape.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'symlink points outside the scan root' });
    expect(await readPythonSource(root, 'dir_out/secret.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'symlink points outside the scan root' });
    expect(await readPythonSource(root, 'inside.py', { maxBytes: MB })).toEqual({ ok: true, text: 'x = 1\n', notes: [] });
  });

  it('refuses a relative path that climbs out of the root', async () => {
    const holder = tempDir();
    writeTree(holder, { 'root/a.py': '', 'b.py': 'x = 1\n' });
    const root = path.join(holder, 'root');
    expect(await readPythonSource(root, '../b.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'path escapes the scan root' });
    expect(await readPythonSource(root, 'pkg/../../b.py', { maxBytes: MB })).toEqual({ ok: false, reason: 'path escapes the scan root' });
    expect(await readPythonSource(root, path.join(holder, 'b.py'), { maxBytes: MB })).toEqual({ ok: false, reason: 'path escapes the scan root' });
  });
});

describe('cp1252 (decoded by hand: Node 20 TextDecoder maps windows-1252 like latin-1)', () => {
  it('maps 0x80-0x9F to the cp1252 characters and notes Python-undefined bytes', async () => {
    expect(await readOne(bytes('# coding: windows-1252\ns = "', [0x93, 0x80, 0x9f, 0x92], '"\n'))).toEqual({
      ok: true,
      text: '# coding: windows-1252\ns = "\u201c€Ÿ\u2019"\n',
      notes: [],
    });
    expect(await readOne(bytes('# coding: cp1252\ns = "', [0x81, 0xe9], '"\n'))).toEqual({
      ok: true,
      text: '# coding: cp1252\ns = "\ufffdé"\n',
      notes: ['not valid cp1252: undecodable bytes replaced with U+FFFD'],
    });
  });
});

describe('createSourceReader: one reader per run', () => {
  it('resolves the root realpath once, the file realpath for every read', async () => {
    const root = tempDir();
    writeTree(root, { 'a.py': 'a = 1\n', 'pkg/b.py': 'b = 2\n' });
    const calls: string[] = [];
    const deps: ReadDeps = { ...defaultReadDeps, realpath: (p) => (calls.push(p), defaultReadDeps.realpath(p)) };
    const reader = createSourceReader(root, { maxBytes: MB }, deps);
    expect(reader.read('a.py')).toEqual({ ok: true, text: 'a = 1\n', notes: [] });
    expect(reader.read('pkg/b.py')).toEqual({ ok: true, text: 'b = 2\n', notes: [] });
    expect(reader.read('a.py')).toEqual({ ok: true, text: 'a = 1\n', notes: [] });
    expect(calls).toEqual([root, path.join(root, 'a.py'), path.join(root, 'pkg/b.py'), path.join(root, 'a.py')]);
  });

  it('catches a directory swapped for an outside symlink during the run', async () => {
    const outside = tempDir('repodigest-outside-');
    writeTree(outside, { 'b.py': 'SECRET = 1\n' });
    const root = tempDir();
    writeTree(root, { 'a.py': 'a = 1\n', 'pkg/b.py': 'b = 2\n' });
    const reader = createSourceReader(root, { maxBytes: MB });
    expect(reader.read('pkg/b.py')).toEqual({ ok: true, text: 'b = 2\n', notes: [] });
    fs.rmSync(path.join(root, 'pkg'), { recursive: true });
    link(root, 'pkg', outside);
    expect(reader.read('pkg/b.py')).toEqual({ ok: false, reason: 'symlink points outside the scan root' });
  });

  it('reads a file that grew after fstat only up to the cap (maxBytes + 1 bytes)', async () => {
    const root = tempDir();
    writeTree(root, { 'm.py': 'x = 1\n' });
    let grown = false;
    let requested = 0;
    const deps: ReadDeps = {
      ...defaultReadDeps,
      read: (fd, buffer, offset, length) => {
        if (!grown) {
          fs.appendFileSync(path.join(root, 'm.py'), 'y = 2\n'.repeat(1000));
          grown = true;
        }
        requested += length;
        return defaultReadDeps.read(fd, buffer, offset, length);
      },
    };
    expect(createSourceReader(root, { maxBytes: 100 }, deps).read('m.py')).toEqual({
      ok: false,
      reason: 'larger than 100 bytes (grew while being read); raise --max-file-bytes to include it',
    });
    expect(requested).toBeLessThanOrEqual(101);
  });

  it('reads a file larger than its first buffer (sizes around the growth steps)', async () => {
    const root = tempDir();
    const content = `value = "${'é'.repeat(40_000)}"\n`;
    writeTree(root, { 'm.py': content });
    expect(createSourceReader(root, { maxBytes: MB }).read('m.py')).toEqual({ ok: true, text: content, notes: [] });
  });
});
