// Breaking verdicts for calls made through values: a function passed to a builtin, picked from a
// dispatch table, or decorated with a wrapper. The expected verdict is written next to each call.
import { describe, expect, it } from 'vitest';
import { findBreakingSites } from '../../src/review/breakingSites.js';
import { reviewProject } from './reviewProject.js';

async function verdicts(base: Record<string, string>, head: Record<string, string>): Promise<string[]> {
  const findings = findBreakingSites(await reviewProject(base, head));
  return findings.breaking.map((b) => `${b.certainty} ${b.site.caller}:${b.site.line} ${b.symbol}: ${b.reason}`);
}

const JOBS_BASE = `def work(x):
    return x


def on_add(x):
    return x


def on_remove(x):
    return x


HANDLERS = {"add": on_add, "remove": on_remove}
`;

const JOBS_HEAD = JOBS_BASE.replace('def work(x):', 'def work(x, y):').replace('def on_add(x):', 'def on_add(x, y):');

const RUN = `import functools
import threading

from app.jobs import HANDLERS, on_add, work


def run_all(xs):
    return list(map(work, xs))  # check: map calls work with arguments not written here


def start():
    threading.Thread(target=work).start()  # check


def ordered(xs):
    return sorted(xs, key=work)  # check


def dispatch(kind, x):
    return HANDLERS[kind](x)  # check: one of two handlers


def direct(x):
    return on_add(x)  # broken: missing y


def later():
    bound = functools.partial(work, 1)
    return bound()  # check: the partial adds arguments of its own
`;

describe('a changed signature reached through a value', () => {
  it('is "check" where the function is passed to a builtin or picked from a table, "broken" only at a direct call', async () => {
    const files = { 'app/__init__.py': '', 'app/run.py': RUN };
    const found = await verdicts({ ...files, 'app/jobs.py': JOBS_BASE }, { ...files, 'app/jobs.py': JOBS_HEAD });
    expect(found).toEqual([
      'broken app.run.direct:24 app.jobs.on_add: missing required argument `y` of `on_add`',
      'check app.run.run_all:8 app.jobs.work: passes `work` to `map`, which calls it with arguments not written here',
      'check app.run.start:12 app.jobs.work: passes `work` to `Thread`, which calls it with arguments not written here',
      'check app.run.ordered:16 app.jobs.work: passes `work` to `sorted`, which calls it with arguments not written here',
      'check app.run.dispatch:20 app.jobs.on_add: missing required argument `y` of `on_add` (when `HANDLERS[...]` holds `on_add`)',
      'check app.run.later:29 app.jobs.work: calls `work` through `bound`, a `partial` that adds arguments of its own',
    ]);
  });
});

const DECO = `import functools


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def tagged(fn):
    def wrapper(*args, **kwargs):
        return fn("tag", *args, **kwargs)

    return wrapper
`;

const API_BASE = `from app.deco import logged, tagged


@logged
def fetch(url):
    return url


@tagged
def label(tag, text):
    return text
`;

const API_HEAD = API_BASE.replace('def fetch(url):', 'def fetch(url, timeout):').replace('def label(tag, text):', 'def label(tag, text, size):');

const USE = `from app.api import fetch, label


def go():
    fetch("u")  # broken: the wrapper forwards *args, **kwargs unchanged
    label("t")  # check: the wrapper adds an argument
`;

describe('a changed signature behind a decorator that returns a wrapper', () => {
  it('binds against the original when the wrapper forwards *args, **kwargs unchanged, and is "check" otherwise', async () => {
    const files = { 'app/__init__.py': '', 'app/deco.py': DECO, 'app/use.py': USE };
    const found = await verdicts({ ...files, 'app/api.py': API_BASE }, { ...files, 'app/api.py': API_HEAD });
    expect(found).toEqual([
      'broken app.use.go:5 app.api.fetch: missing required argument `timeout` of `fetch`',
      'check app.use.go:6 app.api.label: missing required arguments `text`, `size` of `label` (if `@tagged` keeps the signature)',
    ]);
  });
});
