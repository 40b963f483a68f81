// A removed method whose name head binds again, not as a move (flask c77a5203: `App.should_ignore_error`
// became a class attribute): the index has no code for it, so the digest says so instead of dropping it
// without a word (it was neither packed nor skipped, even at 30,000 tokens).
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACK_SETTINGS } from '../../src/pipeline/packRepository.js';
import { packPr } from '../../src/pr/packPr.js';
import { twoCommitPrFixture } from './prRepo.js';

const APP = (member: string) => `class App:\n    name = "app"\n\n${member}\n\n    def run(self):\n        return self.name\n`;

const pr = twoCommitPrFixture(
  { 'pkg/__init__.py': '', 'pkg/app.py': APP('    def ignore(self, error):\n        return False') },
  { 'pkg/app.py': APP('    ignore: None = None') },
);

describe('a removed method whose name head binds again', () => {
  it('is named in a note of the digest, and its diff stays in the manifest (the JSON digest)', () => {
    const line = '1 removed symbol whose name head binds again is not packed as code: pkg.app.App.ignore (the JSON digest carries its diff)';
    expect(pr.prepared.notes).toContain(line);
    expect(packPr(pr.prepared, { ...DEFAULT_PACK_SETTINGS, budget: 3000 }).content).toContain('1 removed symbol whose name head binds again is not packed as code');
    const row = pr.prepared.changed.find((c) => c.id === 'pkg.app.App.ignore');
    expect(row?.change).toBe('removed');
    expect(row?.diff).toContain('-    def ignore(self, error):');
  });
});
