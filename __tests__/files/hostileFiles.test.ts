// Issue 9, defect 5 (file layer): a non-UTF-8 file name was skipped as "unreadable: ENOENT" although
// it exists; a UTF-16 file was called "binary"; a symlinked .gitignore was ignored without a word.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { link, tempDir, writeTree } from './tempTree.js';

describe('hostile files are skipped with their true reason', () => {
  it('a file whose name is not valid UTF-8 exists, and is said to have such a name', async () => {
    const root = tempDir();
    writeTree(root, { 'ok.py': 'def f():\n    return 1\n' });
    // bad\xff.py: the 0xff byte is not UTF-8.
    fs.writeFileSync(Buffer.concat([Buffer.from(`${root}/`), Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x70, 0x79])]), 'def g():\n    return 2\n');
    const index = await indexRepository(root);
    expect(index.files.map((f) => f.path)).toEqual(['ok.py']);
    expect(index.skippedFiles).toEqual([
      { path: 'bad\ufffd.py', reason: 'name is not valid UTF-8 (shown with U+FFFD): it cannot be opened by that name, nor imported by Python' },
    ]);
  });

  it('UTF-16 source, with or without a byte-order mark, is called UTF-16, not binary', async () => {
    const root = tempDir();
    const source = 'def f():\n    return 1\n';
    writeTree(root, {
      'le.py': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]),
      'be.py': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(source, 'utf16le').swap16()]),
      'nobom.py': Buffer.from(source, 'utf16le'),
      'binary.py': Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05]),
    });
    const index = await indexRepository(root);
    expect(index.skippedFiles).toEqual([
      { path: 'be.py', reason: 'UTF-16 text (byte-order mark): Python cannot run UTF-16 source, so it is not analysed' },
      { path: 'binary.py', reason: 'binary file (NUL byte at offset 3)' },
      { path: 'le.py', reason: 'UTF-16 text (byte-order mark): Python cannot run UTF-16 source, so it is not analysed' },
      { path: 'nobom.py', reason: 'UTF-16 text (no byte-order mark): Python cannot run UTF-16 source, so it is not analysed' },
    ]);
  });

  it('a symlinked .gitignore is not followed, as in git, and that is said', async () => {
    const root = tempDir();
    writeTree(root, { 'rules.txt': 'build/\n', 'build/gen.py': 'x = 1\n', 'app.py': 'y = 2\n' });
    link(root, '.gitignore', 'rules.txt');
    const index = await indexRepository(root);
    // git does not apply it either (`git check-ignore build/gen.py` finds nothing), so build/ is scanned.
    expect(index.files.map((f) => f.path)).toEqual(['app.py', 'build/gen.py']);
    expect(index.skippedFiles).toEqual([
      { path: '.gitignore', reason: 'symlinked .gitignore not followed (git does not follow it either): its rules were not applied' },
    ]);
  });
});
