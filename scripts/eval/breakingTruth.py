"""Independent truth for scripts/eval/breaking.ts: call sites from jedi, each call's shape from Python's
`ast`, and whether it still binds from `inspect.Signature.bind` on a stub built from the mutated header.
Nothing of the analysed repository is imported or run: jedi parses and infers, `ast` parses, and the
stub is a signature made of parameter names and kinds only (no annotation, no default expression).

stdin: {"root": dir, "targets": [{"file", "line", "seed"}]}   (line: the `def` line of a function)
stdout: {"mutations": [{"target", "file", "line", "name", "kind", "mutation", "edit", "sites": [...]}]}
  edit: {"file", "start": [line, col], "end": [line, col], "text"}  replaces that span (lines 1-based,
        columns in characters, end exclusive); the edit keeps every line number of the file.
  sites: [{"file", "line", "truth": "broken" | "ok" | "unknown", "direct": bool, "shape": str}]
"""
import ast
import copy
import inspect
import json
import os
import random
import sys

import jedi

KINDS = {
    'posonly': inspect.Parameter.POSITIONAL_ONLY,
    'regular': inspect.Parameter.POSITIONAL_OR_KEYWORD,
    'vararg': inspect.Parameter.VAR_POSITIONAL,
    'kwonly': inspect.Parameter.KEYWORD_ONLY,
    'kwarg': inspect.Parameter.VAR_KEYWORD,
}


def flat(args):
    """[(name, kind, has_default)] of an ast.arguments, in order."""
    out = []
    positional = args.posonlyargs + args.args
    first_default = len(positional) - len(args.defaults)
    for i, a in enumerate(positional):
        out.append((a.arg, 'posonly' if i < len(args.posonlyargs) else 'regular', i >= first_default))
    if args.vararg:
        out.append((args.vararg.arg, 'vararg', False))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        out.append((a.arg, 'kwonly', d is not None))
    if args.kwarg:
        out.append((args.kwarg.arg, 'kwarg', False))
    return out


def signature(params):
    return inspect.Signature([inspect.Parameter(n, KINDS[k], default=(None if d else inspect.Parameter.empty)) for n, k, d in params])


def binds(params, site):
    """'ok', 'broken' or 'unknown' for a call shape against the parameters (Python's own binding)."""
    args = ['x'] * (site['bound'] + site['positional'])
    kwargs = {k: 1 for k in site['keywords']}
    try:
        signature(params).bind(*args, **kwargs)
        return 'unknown' if site['star'] or site['doubleStar'] else 'ok'
    except TypeError as e:
        if not (site['star'] or site['doubleStar']):
            return 'broken'
        # A splat only adds arguments: an explicit keyword nothing takes, or too many plain positionals, stay broken.
        text = str(e)
        if 'unexpected keyword' in text or 'too many positional' in text or 'multiple values' in text:
            return 'broken'
        return 'unknown'


class Repo:
    def __init__(self, root):
        self.root = root
        own = [os.path.join(root, 'src')] if os.path.isdir(os.path.join(root, 'src')) else []
        stdlib = [p for p in sys.path if p and 'packages' not in p and os.path.isdir(p)]
        self.project = jedi.Project(root, sys_path=own + [root] + stdlib, smart_sys_path=False)
        self.texts = {}
        self.trees = {}
        self.scripts = {}

    def text(self, file):
        if file not in self.texts:
            with open(os.path.join(self.root, file), encoding='utf-8', errors='replace') as f:
                self.texts[file] = f.read()
        return self.texts[file]

    def tree(self, file):
        if file not in self.trees:
            try:
                self.trees[file] = ast.parse(self.text(file))
            except SyntaxError:
                self.trees[file] = None
        return self.trees[file]

    def script(self, file):
        if file not in self.scripts:
            self.scripts[file] = jedi.Script(code=self.text(file), path=os.path.join(self.root, file), project=self.project)
        return self.scripts[file]

    def rel(self, path):
        if path is None:
            return None
        p = os.path.relpath(str(path), self.root)
        return None if p.startswith('..') or not p.endswith('.py') else p.replace(os.sep, '/')


def find_def(tree, line):
    """(function node, enclosing class node or None) whose `def` is on `line`."""
    stack = [(tree, None)]
    while stack:
        node, cls = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.lineno == line:
                return child, cls
            stack.append((child, child if isinstance(child, ast.ClassDef) else (cls if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else None)))
    return None, None


def binding_of(fn):
    names = {d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else '' for d in fn.decorator_list}
    if 'staticmethod' in names:
        return 'static'
    if 'classmethod' in names:
        return 'class'
    return 'instance'


def rewriting(fn):
    """A decorator other than the common signature-keeping ones: its sites' truth is the wrapper's, unknown."""
    keep = {'staticmethod', 'classmethod', 'property', 'abstractmethod', 'overload', 'override', 'cached_property', 'setter', 'deleter', 'getter', 'final'}
    for d in fn.decorator_list:
        name = d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else None
        if name not in keep:
            return True
    return False


def redefined(tree, cls, fn):
    """An `@overload` stub, or a def its scope binds again later (the last binding is what runs)."""
    if any((d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else '') == 'overload' for d in fn.decorator_list):
        return True
    def statements(body):
        for s in body:
            yield s
            if isinstance(s, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                for field in ('body', 'orelse', 'finalbody', 'handlers'):
                    for inner in getattr(s, field, []):
                        yield from statements(inner.body if isinstance(inner, ast.ExceptHandler) else [inner])

    scope = cls.body if cls is not None else tree.body
    return any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and s.name == fn.name and s.lineno > fn.lineno for s in statements(scope))


def subclasses_of(cls):
    """Project classes that inherit `cls`'s constructor (by base name, transitively, without their own `__init__`)."""
    out = []
    queue = [cls.name]
    seen = {id(cls)}
    names = {cls.name}
    while queue:
        name = queue.pop()
        for nodes in CLASSES.values():
            for node in nodes:
                bases = {b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else None for b in node.bases}
                own_init = any(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name in ('__init__', '__new__') for m in node.body)
                if name in bases and id(node) not in seen and not own_init:
                    seen.add(id(node))
                    out.append(node)
                    if node.name not in names:
                        names.add(node.name)
                        queue.append(node.name)
    return out


def calls_at(tree, line, col, name):
    """ast.Call nodes whose called name `name` starts at (line, col)."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id == name and f.lineno == line and f.col_offset == col:
            out.append(node)
        elif isinstance(f, ast.Attribute) and f.attr == name and f.end_lineno == line and f.end_col_offset == col + len(name):
            out.append(node)
    return out


def shape_of(call):
    return {
        'positional': sum(1 for a in call.args if not isinstance(a, ast.Starred)),
        'star': any(isinstance(a, ast.Starred) for a in call.args),
        'keywords': [k.arg for k in call.keywords if k.arg is not None],
        'doubleStar': any(k.arg is None for k in call.keywords),
    }


def describe(shape):
    parts = [str(shape['positional'])] + [f'{k}=' for k in shape['keywords']]
    if shape['star']:
        parts.append('*')
    if shape['doubleStar']:
        parts.append('**')
    return '(' + ', '.join(parts) + ')'


def paren_span(text, fn):
    """(start, end) offsets of the text between the def's parentheses."""
    lines = text.split('\n')
    offset = sum(len(l) + 1 for l in lines[: fn.lineno - 1]) + fn.col_offset
    open_at = text.index('(', text.index(fn.name, offset))
    depth = 0
    i = open_at
    quote = None
    while i < len(text):
        c = text[i]
        if quote:
            if c == '\\':
                i += 1
            elif text.startswith(quote, i):
                i += len(quote) - 1
                quote = None
        elif c in '"\'':
            quote = text[i : i + 3] if text[i : i + 3] in ('"""', "'''") else c
            i += len(quote) - 1
        elif c == '#':
            i = text.index('\n', i) - 1
        elif c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                return open_at + 1, i
        i += 1
    raise ValueError('unbalanced')


def position(text, offset):
    line = text.count('\n', 0, offset) + 1
    col = offset - (text.rfind('\n', 0, offset) + 1)
    return [line, col]


def render_args(params, fn_args, renamed):
    """The parameter list text of `params`, each kept parameter as written (annotation, default);
    `renamed` maps new names to old ones; a new parameter with a default gets `None`."""
    originals = {}
    positional = fn_args.posonlyargs + fn_args.args
    first_default = len(positional) - len(fn_args.defaults)
    for i, a in enumerate(positional):
        originals[a.arg] = (a, fn_args.defaults[i - first_default] if i >= first_default else None)
    for a, d in zip(fn_args.kwonlyargs, fn_args.kw_defaults):
        originals[a.arg] = (a, d)
    for a in (fn_args.vararg, fn_args.kwarg):
        if a is not None:
            originals[a.arg] = (a, None)
    made = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    for n, k, d in params:
        node, default = originals.get(renamed.get(n, n), (None, None))
        arg = copy.copy(node) if node is not None else ast.arg(arg=n)
        arg.arg = n
        if d and default is None:
            default = ast.Constant(value=None)
        if k == 'posonly':
            made.posonlyargs.append(arg)
        elif k == 'regular':
            made.args.append(arg)
        elif k == 'vararg':
            made.vararg = arg
        elif k == 'kwonly':
            made.kwonlyargs.append(arg)
            made.kw_defaults.append(default if d else None)
        else:
            made.kwarg = arg
        if k in ('posonly', 'regular') and d:
            made.defaults.append(default)
    return ast.unparse(made)


def valid(params):
    try:
        signature(params)
        return True
    except ValueError:
        return False


def mutations_of(params, sites, lead, rng):
    """(name, new params) pairs applicable to this callable; `lead` parameters (self/cls) are kept."""
    body = params[lead:]
    head = params[:lead]
    out = []
    kw_passed = sorted({k for s in sites for k in s['keywords']})
    names = [n for n, k, _ in body if k in ('regular', 'kwonly', 'posonly')]
    regular = [i for i, (_, k, _) in enumerate(body) if k == 'regular']
    max_pos = max([s['positional'] for s in sites] + [0])
    keyword_names = [n for n in names if n in kw_passed]
    if keyword_names:
        p = rng.choice(keyword_names)
        out.append(('remove a parameter passed by keyword', [x for x in body if x[0] != p]))
        out.append(('rename a parameter passed by keyword', [((n + '_renamed') if n == p else n, k, d) for n, k, d in body]))
    positional_used = [i for i in regular if i < max_pos]
    if positional_used:
        i = rng.choice(positional_used)
        out.append(('remove a positional parameter', body[:i] + body[i + 1 :]))
    not_kw = [n for n in names if n not in kw_passed]
    if not_kw:
        p = rng.choice(not_kw)
        out.append(('rename a parameter not passed by keyword', [((n + '_renamed') if n == p else n, k, d) for n, k, d in body]))
    required_at = len([1 for _, k, d in body if k in ('posonly', 'regular') and not d])
    out.append(('add a required parameter', body[:required_at] + [('added_required', 'regular', False)] + body[required_at:]))
    if regular:
        last = regular[-1]
        moved = body[last]
        rest = body[:last] + body[last + 1 :]
        at = next((j for j, (_, k, _) in enumerate(rest) if k == 'kwonly'), None)
        if at is None:
            at = next((j for j, (_, k, _) in enumerate(rest) if k == 'kwarg'), len(rest))
        out.append(('make a parameter keyword-only', rest[:at] + [(moved[0], 'kwonly', moved[2])] + rest[at:]))
    pairs = [i for i in regular if i + 1 in regular and body[i][2] == body[i + 1][2]]
    if pairs:
        i = rng.choice(pairs)
        out.append(('reorder two parameters', body[:i] + [body[i + 1], body[i]] + body[i + 2 :]))
    insert = (regular[-1] + 1) if regular else next((j for j, (_, k, _) in enumerate(body) if k in ('vararg', 'kwonly', 'kwarg')), len(body))
    if not any(k == 'vararg' for _, k, _ in body[:insert]):
        out.append(('add an optional parameter', body[:insert] + [('added_optional', 'regular', True)] + body[insert:]))
    return [(name, head + b) for name, b in out if valid(head + b)]


CLASSES = {}
CLASS_FILES = {}


def index_classes(repo, files):
    if CLASSES:
        return
    for f in files:
        tree = repo.tree(f)
        for node in ast.walk(tree) if tree is not None else []:
            if isinstance(node, ast.ClassDef):
                CLASSES.setdefault(node.name, []).append(node)
                CLASS_FILES[id(node)] = f


def overridden(repo, files, cls, fn):
    """(the base method's parameters, (first, last) line of `fn`) when a base class of `cls` (a project
    class of that name, one level up) defines `fn`'s name and `cls` keeps another statement; else None."""
    index_classes(repo, files)
    if len(cls.body) < 2 or any(isinstance(d, ast.Call) for d in fn.decorator_list):
        return None
    # Other definitions of the name in the class (`@overload` stubs, a property's setter) would answer instead of the base's.
    if any(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == fn.name and m is not fn for m in cls.body):
        return None
    for b in cls.bases:
        name = b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else None
        candidates = CLASSES.get(name, [])
        if len(candidates) != 1:
            continue
        for member in candidates[0].body:
            if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) and member.name == fn.name and binding_of(member) == binding_of(fn):
                first = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
                return flat(member.args), (first, fn.end_lineno)
    return None


def judge(repo, items):
    """For sites jedi did not list: whether a call on that line, of one of the stub's names, fails to
    bind the stub ('broken'), binds ('ok'), depends on a splat ('unknown'), or is not there ('no call')."""
    out = []
    for item in items:
        stub = item['stub']
        tree = repo.tree(item['file'])
        verdicts = []
        for node in ast.walk(tree) if tree is not None else []:
            if not isinstance(node, ast.Call) or getattr(node, 'lineno', 0) > item['line'] or getattr(node, 'end_lineno', 0) < item['line']:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name not in stub['names'] or node.func.end_lineno != item['line'] and node.lineno != item['line']:
                continue
            if stub['binding'] in ('function', 'static'):
                bound = 0
            elif stub['binding'] == 'class' or name != stub['names'][0]:
                bound = 1
            elif isinstance(f, ast.Attribute):
                bound = 1
            else:
                continue
            verdicts.append(binds([tuple(p) for p in stub['params']], {'bound': bound, **shape_of(node)}))
        out.append('broken' if 'broken' in verdicts else 'unknown' if 'unknown' in verdicts else 'ok' if verdicts else 'no call')
    return out


def main():
    request = json.load(sys.stdin)
    repo = Repo(os.path.realpath(request['root']))
    if 'judge' in request:
        json.dump({'verdicts': judge(repo, request['judge'])}, sys.stdout)
        return
    out = []
    targets = list(request['targets'])
    if request.get('overrides'):
        # Methods a project base class also defines: the "remove an override" mutation, sampled apart
        # (a random sample of callables holds few).
        index_classes(repo, request.get('files', []))
        found = []
        for f in request.get('sourceFiles', []):
            tree = repo.tree(f)
            for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)] if tree is not None else []:
                for fn in cls.body:
                    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and not (fn.name.startswith('__') and fn.name.endswith('__')) and overridden(repo, [], cls, fn):
                        found.append({'file': f, 'line': fn.lineno, 'seed': 0, 'overrideOnly': True})
        random.Random(request.get('seed', 0)).shuffle(found)
        targets += found[: request['overrides']]
    for t in targets:
        tree = repo.tree(t['file'])
        if tree is None:
            continue
        fn, cls = find_def(tree, t['line'])
        if fn is None or rewriting(fn) or redefined(tree, cls, fn):
            continue
        constructor = cls is not None and fn.name == '__init__'
        binding = binding_of(fn) if cls is not None else 'function'
        lead = 0 if binding in ('function', 'static') else 1
        params = flat(fn.args)
        if len(params) < lead:
            continue
        # Call sites: references of the def's name (of the class name for a constructor) followed by a call.
        sites = []
        refs = []
        try:
            text = repo.text(t['file'])
            def_col = text.split('\n')[fn.lineno - 1].index(fn.name, fn.col_offset)
            refs += [(n, fn.name) for n in repo.script(t['file']).get_references(fn.lineno, def_col, include_builtins=False)]
            if constructor:
                index_classes(repo, request.get('files', []))
                for c, c_file in [(cls, t['file'])] + [(sub, CLASS_FILES[id(sub)]) for sub in subclasses_of(cls)]:
                    c_col = repo.text(c_file).split('\n')[c.lineno - 1].index(c.name, c.col_offset)
                    refs += [(n, c.name) for n in repo.script(c_file).get_references(c.lineno, c_col, include_builtins=False)]
        except Exception:
            continue
        ctor_defs = {(t['file'], cls.lineno)} | {(CLASS_FILES[id(sub)], sub.lineno) for sub in subclasses_of(cls)} if constructor else set()
        seen = set()
        for n, called in refs:
            f = repo.rel(n.module_path)
            if f is None or n.line is None or (f, n.line, n.column) in seen:
                continue
            seen.add((f, n.line, n.column))
            site_tree = repo.tree(f)
            if site_tree is None:
                continue
            for call in calls_at(site_tree, n.line, n.column, called):
                shape = shape_of(call)
                func = call.func
                if binding == 'function' or binding == 'static':
                    bound = 0
                elif binding == 'class' or (constructor and called != '__init__'):
                    bound = 1
                elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == cls.name:
                    bound = 0  # Class.method(obj, ...)
                elif isinstance(func, ast.Attribute):
                    bound = 1
                else:
                    continue  # a bare name bound to a method: whether `self` is bound is not known
                direct = None
                try:
                    gotos = repo.script(f).goto(n.line, n.column, follow_imports=True)
                    landed = {(repo.rel(g.module_path), g.line) for g in gotos}
                    direct = landed == {(t['file'], fn.lineno)} or (constructor and len(landed) == 1 and landed <= ctor_defs)
                except Exception:
                    direct = False
                sites.append({'file': f, 'line': n.line, 'bound': bound, 'direct': bool(direct), **shape})
        if not sites:
            continue
        call_names = [fn.name] + ([cls.name] + [sub.name for sub in subclasses_of(cls)] if constructor else [])
        # Only sites that bind today are scored: a mutation is judged by what it breaks.
        sites = [s for s in sites if binds(params, s) != 'broken']
        if not sites:
            continue
        override = overridden(repo, request.get('files', []), cls, fn) if cls is not None and not constructor else None
        if override is not None:
            base_params, span = override
            text = repo.text(t['file'])
            lines = text.split('\n')
            start_line, end_line = span
            blank = '\n' * (end_line - start_line)
            out.append({
                'target': f'{cls.name}.{fn.name}',
                'file': t['file'],
                'line': fn.lineno,
                'name': fn.name,
                'kind': 'method',
                'mutation': 'remove a method a base class still defines',
                'edit': {'file': t['file'], 'start': [start_line, 0], 'end': [end_line, len(lines[end_line - 1])], 'text': blank},
                'sites': [{'file': s['file'], 'line': s['line'], 'truth': binds(base_params, s), 'direct': s['direct'], 'shape': describe(s)} for s in sites],
                'stub': {'params': base_params, 'binding': binding, 'names': call_names},
            })
        if t.get('overrideOnly'):
            continue
        rng = random.Random(t.get('seed', 0))
        text = repo.text(t['file'])
        start, end = paren_span(text, fn)
        newlines = text.count('\n', start, end)
        target = f"{cls.name + '.' if cls else ''}{fn.name}"
        for name, new in mutations_of(params, sites, lead, rng):
            renamed = {n: n[: -len('_renamed')] for n, _, _ in new if n.endswith('_renamed')}
            new_text = render_args(new, fn.args, renamed) + '\n' * newlines
            out.append({
                'target': target,
                'file': t['file'],
                'line': fn.lineno,
                'name': fn.name,
                'kind': 'constructor' if constructor else ('method' if cls else 'function'),
                'mutation': name,
                'edit': {'file': t['file'], 'start': position(text, start), 'end': position(text, end), 'text': new_text},
                'sites': [{'file': s['file'], 'line': s['line'], 'truth': binds(new, s), 'direct': s['direct'], 'shape': describe(s)} for s in sites],
                'stub': {'params': new, 'binding': binding, 'names': call_names},
            })
    json.dump({'mutations': out}, sys.stdout)


if __name__ == '__main__':
    main()
