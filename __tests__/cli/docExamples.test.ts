// The console examples in docs/ are the CLI's real output (scripts/demo/docExamples.ts regenerates them).
import { describe, expect, it } from 'vitest';
import { docExamples } from '../../scripts/demo/docExamples.js';

describe('the docs console examples', () => {
  it('are what their commands print (npx tsx scripts/demo/docExamples.ts --write)', async () => {
    const examples = await docExamples();
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const e of examples) expect(e.written, `${e.file}: ${e.command}`).toBe(e.printed);
  }, 60_000);
});
