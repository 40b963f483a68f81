// shared/copyPlain.ts: a deep copy of plain data, as a file record is, on a real extracted record.
import { expect, test } from 'vitest';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';
import { copyPlain } from '../../src/shared/copyPlain.js';

test('a record is copied deeply: equal, every object and array its own and writable, accessors read as fields', async () => {
  const parser = await loadPythonParser();
  const record = extractFile(parser, 'app.py', 'import os\n\n\ndef f(a, b=1):\n    """Doc."""\n    return os.path.join(a, b)\n');
  const copy = copyPlain(record);
  expect(copy).toEqual(record);
  expect(JSON.stringify(copy)).toBe(JSON.stringify(record));
  const f = copy.symbols.find((s) => s.name === 'f')!;
  const original = record.symbols.find((s) => s.name === 'f')!;
  expect(f).not.toBe(original);
  expect(f.params).not.toBe(original.params);
  expect(f.params[1]).not.toBe(original.params[1]);
  expect(f.calls).not.toBe(original.calls);
  f.params[1]!.default = '2';
  expect(original.params[1]!.default).toBe('1');
  // A frozen shared list comes back as a list of its own that can be written.
  const frozen = { list: Object.freeze([] as string[]) as string[], n: 1, gone: undefined };
  const plain = copyPlain(frozen);
  expect(Object.isFrozen(plain.list)).toBe(false);
  plain.list.push('x');
  expect(frozen.list).toEqual([]);
  expect('gone' in plain).toBe(true);
  // Fields behind accessors (a cache entry's facts) are read and copied as data.
  let reads = 0;
  const lazy = Object.defineProperty({ id: 's' }, 'calls', { enumerable: true, get: () => (reads++, [{ name: 'g' }]) });
  const read = copyPlain(lazy) as unknown as { calls: { name: string }[] };
  expect(reads).toBe(1);
  expect(Object.getOwnPropertyDescriptor(read, 'calls')!.value).toEqual([{ name: 'g' }]);
});
