// The text pre-filter of on-demand indexing (files/prefilter.ts): each answer must hold every file a
// parse would find (a file left out is a file the on-demand digest never parses).
import { describe, expect, test } from 'vitest';
import { buildWordIndex } from '../../src/files/prefilter.js';

describe('buildWordIndex', () => {
  const texts = [
    'def handle(self):\n    pass\n', // 0: defines handle, never reads it as an attribute
    'cmd.handle()\n', // 1
    'x = (cmd.\n    # the command\n    handle)\n', // 2: dot, newline, comment, newline
    'cmd. \\\n  handle()\n', // 3: line continuation
    'class handle:\n    pass\n', // 4: a class, not a function
    'cmd.ｈandle()\n', // 5: NFKC: ｈandle is handle
    'async def\thandle(): ...\nprint("handle")\n', // 6: async def, word in a string
  ];
  const words = buildWordIndex(texts);

  test('an attribute is read across spaces, continuations, newlines and comments, and compared as Python reads names', () => {
    expect(words.readsAttribute('handle')).toEqual([1, 2, 3, 5]);
  });

  test('functions and classes are told apart; `defines` holds both', () => {
    expect(words.definesFunction('handle')).toEqual([0, 6]);
    expect(words.defines('handle')).toEqual([0, 4, 6]);
  });

  test('every spelling counts as a use', () => {
    expect(words.uses('handle')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(words.has(2, 'cmd')).toBe(true);
    expect(words.has(0, 'cmd')).toBe(false);
  });
});
