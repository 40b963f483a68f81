import { describe, expect, it } from 'vitest';
import { moduleNameForPath } from '../../src/python/modules.js';

describe('moduleNameForPath', () => {
  it('maps paths to dotted module names', () => {
    expect(moduleNameForPath('pkg/mod.py')).toBe('pkg.mod');
    expect(moduleNameForPath('a/b/c/d.py')).toBe('a.b.c.d');
    expect(moduleNameForPath('top.py')).toBe('top');
    expect(moduleNameForPath('stubs/mod.pyi')).toBe('stubs.mod');
  });

  it('names a package after its directory, and keeps a root __init__ as `__init__`', () => {
    expect(moduleNameForPath('pkg/__init__.py')).toBe('pkg');
    expect(moduleNameForPath('pkg/sub/__init__.py')).toBe('pkg.sub');
    expect(moduleNameForPath('__init__.py')).toBe('__init__');
  });
});
