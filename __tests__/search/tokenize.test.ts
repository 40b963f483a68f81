import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subTokens, unicodeSubTokens } from '../../src/search/tokenize.js';

describe('subTokens', () => {
  it.each([
    ['computeLossValue', ['compute', 'loss', 'value']],
    ['HTTPServer', ['http', 'server']],
    ['XMLHttpRequest', ['xml', 'http', 'request']],
    ['utf8Decode', ['utf', '8', 'decode']],
    ['snake_case_name', ['snake', 'case', 'name']],
    ['__init__', ['init']],
    ['pkg.mod.Class.method', ['pkg', 'mod', 'class', 'method']],
    ['def apply_migration(self, state, migration):', ['def', 'apply', 'migration', 'self', 'state', 'migration']],
    ['ABC', ['abc']],
    ['parseV2Response', ['parse', 'v', '2', 'response']],
    ['déjàVu', ['déjà', 'vu']],
    ['', []],
    ['  ->  ...', []],
  ])('%s', (text, expected) => {
    expect(subTokens(text)).toEqual(expected);
  });
});

describe('ASCII span scanner', () => {
  it('agrees with the Unicode regex on any ASCII text', () => {
    const alphabet = fc.constantFrom(...'aAbBzZ09_. -()HTTPServerx2'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((cs) => cs.join('')), (text) => {
        expect(subTokens(text)).toEqual(unicodeSubTokens(text));
      }),
      { numRuns: 2000 },
    );
  });
});
