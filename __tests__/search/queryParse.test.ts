import { describe, expect, it } from 'vitest';
import { looksLikeIdentifier, parseQuery } from '../../src/search/queryParse.js';

describe('parseQuery', () => {
  it('reads identifiers as code and plain words as words', () => {
    const q = parseQuery('Why does session.merge_environment_settings() drop proxies? See getProxyUrl and run() in HTTPServer.');
    expect(q.identifiers).toEqual(['HTTPServer', 'getProxyUrl', 'run', 'session.merge_environment_settings']);
    expect(looksLikeIdentifier('Session', false)).toBe(false);
    expect(looksLikeIdentifier('proxies', false)).toBe(false);
  });

  it('reads files with and without a line, and never takes a file name for an identifier', () => {
    const q = parseQuery('fails at src/flask/app.py:120, also see helpers.py line 7 and ./setup.py');
    expect(q.files).toEqual([{ path: 'helpers.py', line: 7 }, { path: 'setup.py' }, { path: 'src/flask/app.py', line: 120 }]);
    expect(q.identifiers).toEqual([]);
  });

  it('reads traceback frames and the error class', () => {
    const q = parseQuery(
      [
        'Traceback (most recent call last):',
        '  File "/venv/lib/site-packages/requests/sessions.py", line 589, in request',
        '    resp = self.send(prep, **send_kwargs)',
        'requests.exceptions.InvalidURL: Failed to parse',
        'KeyError: \'x\'',
      ].join('\n'),
    );
    expect(q.frames).toEqual([{ path: '/venv/lib/site-packages/requests/sessions.py', line: 589, func: 'request' }]);
    expect(q.errorClasses).toEqual(['KeyError']);
    expect(q.codeIdentifiers).toEqual(['prep', 'resp', 'self.send', 'send_kwargs']);
  });

  it('takes identifiers from fenced and inline code', () => {
    const q = parseQuery('this breaks:\n```python\nclient = make_client(timeout=3)\n```\nand `retry` too');
    expect(q.codeIdentifiers).toEqual(['client', 'make_client', 'retry', 'timeout']);
  });

  it('reads a pasted log of path-like text without backtracking for minutes', () => {
    // The earlier unanchored path pattern took ~6 s on 24k characters of this and grew quadratically:
    // 150k characters would have run past the test timeout.
    const q = parseQuery(`${'ab/'.repeat(50_000)} and then pkg/mod.py line 3`);
    expect(q.files).toEqual([{ path: 'pkg/mod.py', line: 3 }]);
    // A fence pattern over the whole text took 17 s on 60k characters of backticks.
    expect(parseQuery('`'.repeat(150_000)).codeIdentifiers).toEqual([]);
  });
});
