// The resolver tells its progress to the heap guard (src/pipeline/indexRepository.ts graphOptionsOf):
// once per file before its sites, then between each of the steps that follow the pass over the files,
// the last one before the sort. Real Python, real tree-sitter, the real resolver.
import { describe, expect, it } from 'vitest';
import { graphOf } from './projectHelpers.js';

describe('resolution progress', () => {
  it('tells every file, then each step after the pass over the files, in order', async () => {
    const told: string[] = [];
    const edges = await graphOf(
      {
        'app/__init__.py': '',
        'app/core.py': 'def run(cb):\n    return cb()\n',
        'app/main.py': 'from app.core import run\n\n\ndef hello():\n    return 1\n\n\ndef main():\n    return run(hello)\n',
      },
      { afterFile: (done, total) => told.push(`file ${done}/${total}`), afterStep: (done, total) => told.push(`step ${done}/${total}`) },
    );
    expect(told).toEqual(['file 0/3', 'file 1/3', 'file 2/3', 'step 0/4', 'step 1/4', 'step 2/4', 'step 3/4']);
    // Parameter flow ran in its step: `cb()` in run reaches hello through main's argument.
    expect(edges.some((e) => e.kind === 'calls' && e.from === 'app.core.run' && e.to === 'app.main.hello')).toBe(true);
  });
});
