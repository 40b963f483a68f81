import { describe, expect, it } from 'vitest';
import { annotationNames } from '../../src/graph/resolver/types.js';

describe('annotationNames', () => {
  it.each([
    ['C', ['C']],
    ['mod.C', ['mod.C']],
    ["'C'", ['C']],
    ['Optional[C]', ['C']],
    ['typing.Optional["pkg.C"]', ['pkg.C']],
    ['C | None', ['C']],
    ['"C | None"', ['C']],
    ['Union[A, B, None]', ['A', 'B']],
    ['Annotated[C, "meta"]', ['C']],
    ['ClassVar[Final[C]]', ['C']],
    ['list[C]', ['list']],
    ['Box[int]', ['Box']],
    ['None', []],
    ['Callable[[int], str]', ['Callable']],
    ['1 + 2', []],
  ])('%s -> %j', (text, expected) => {
    expect(annotationNames(text)).toEqual(expected);
  });
});
