"""Independent reference for scripts/eval/callers.ts: asks jedi (Debian's python3-jedi, a static
analyser: it parses and infers, it never imports or runs the analysed code) about a repository.

stdin: {"root": dir, "refs": [{"file", "line", "column"}], "goto": [{"file", "line", "column"}]}
  refs: the definition name of a function; answer: its call sites (a reference followed by "(")
  goto: a call's name; answer: where jedi says that name is defined
stdout: {"refs": [[[file, line], ...] | null], "goto": [[[file, line], ...] | null]}  (null: jedi failed)
Files are POSIX paths relative to root; lines 1-based; columns 0-based, as jedi counts them.
"""
import json
import os
import sys

import jedi


def rel(root, path):
    if path is None:
        return None
    p = os.path.relpath(str(path), root)
    return None if p.startswith('..') else p.replace(os.sep, '/')


def is_call(lines, line, column, name):
    text = lines[line - 1] if 0 < line <= len(lines) else ''
    rest = text[column + len(name):].lstrip()
    return rest.startswith('(')


def main():
    request = json.load(sys.stdin)
    root = os.path.realpath(request['root'])
    # The repository's own code comes first (a src/ layout too); installed packages are left out, so
    # that `import requests` in the requests repository means its source, not Debian's copy.
    own = [os.path.join(root, 'src')] if os.path.isdir(os.path.join(root, 'src')) else []
    stdlib = [p for p in sys.path if p and 'packages' not in p and os.path.isdir(p)]
    project = jedi.Project(root, sys_path=own + [root] + stdlib, smart_sys_path=False)
    scripts = {}
    sources = {}

    def script(file):
        if file not in scripts:
            path = os.path.join(root, file)
            with open(path, encoding='utf-8', errors='replace') as f:
                code = f.read()
            sources[file] = code.splitlines()
            scripts[file] = jedi.Script(code=code, path=path, project=project)
        return scripts[file]

    def lines_of(file):
        if file not in sources:
            path = os.path.join(root, file)
            with open(path, encoding='utf-8', errors='replace') as f:
                sources[file] = f.read().splitlines()
        return sources[file]

    out = {'refs': [], 'goto': []}
    for item in request.get('refs', []):
        try:
            names = script(item['file']).get_references(item['line'], item['column'], include_builtins=False)
            sites = set()
            for n in names:
                f = rel(root, n.module_path)
                if f is None or n.line is None or not f.endswith('.py'):
                    continue
                if f == item['file'] and n.line == item['line']:
                    continue  # the definition itself
                if is_call(lines_of(f), n.line, n.column, n.name):
                    sites.add((f, n.line))
            out['refs'].append(sorted(sites))
        except Exception:  # jedi gives up on some code: reported as null, counted apart
            out['refs'].append(None)
    for item in request.get('goto', []):
        try:
            names = script(item['file']).goto(item['line'], item['column'], follow_imports=True)
            defs = set()
            for n in names:
                f = rel(root, n.module_path)
                defs.add((f or '<external>', n.line or 0))
            out['goto'].append(sorted(defs))
        except Exception:
            out['goto'].append(None)
    json.dump(out, sys.stdout)


if __name__ == '__main__':
    main()
