"""Ground truth for `npm run eval:pr`: which definitions a commit added, modified or removed, by Python's
own `ast` module on the two versions of every changed .py file.

Usage: python3 scripts/eval/prTruth.py <repo> <base> <head>
Prints JSON: {"changed": [{"file", "local", "kind", "change"}], "unparsable": [paths]}.

It only parses (ast.parse): analysed code is never imported or executed. Git is asked for the changed
paths (`--no-renames`, as RepoDigest does) and the blobs.

The rules mirror RepoDigest's (src/diff/changedSymbols.ts), so that a disagreement is a real miss:
- `local` is the symbol's id below its module: `Class.method`, with `#2`, `#3` for a name defined again
  in the same scope; the module itself is "".
- A symbol owns its own lines: its span (first decorator to last body line) minus the spans of the
  definitions directly inside it; the module owns every line outside top-level definitions.
- Modified: in both versions, and its own lines (right-stripped, blank lines dropped) differ.
"""
import ast
import json
import subprocess
import sys


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True).stdout


def blob(repo, rev, path):
    try:
        return git(repo, "show", f"{rev}:{path}").decode("utf-8", errors="replace")
    except subprocess.CalledProcessError:
        return None


DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def child_defs(body):
    """Definitions directly in this scope, looking through if/for/while/try/with blocks."""
    out = []
    for node in body:
        if isinstance(node, DEFS):
            out.append(node)
            continue
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                out.extend(child_defs(inner))
    return out


def span(node):
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return start, node.end_lineno


def symbols(text):
    """local id -> (kind, own lines); the module is ""."""
    tree = ast.parse(text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = {}

    def own(first, last, children):
        taken = set()
        for child in children:
            a, b = span(child)
            taken.update(range(a, b + 1))
        kept = [lines[n - 1].rstrip() for n in range(first, last + 1) if n not in taken and n - 1 < len(lines)]
        return [line for line in kept if line.strip() != ""]

    def visit(scope_body, prefix, in_class):
        counts = {}
        for node in child_defs(scope_body):
            counts[node.name] = counts.get(node.name, 0) + 1
            name = node.name + (f"#{counts[node.name]}" if counts[node.name] > 1 else "")
            local = f"{prefix}.{name}" if prefix else name
            kind = "class" if isinstance(node, ast.ClassDef) else ("method" if in_class else "function")
            children = child_defs(node.body)
            a, b = span(node)
            out[local] = (kind, own(a, b, children))
            visit(node.body, local, isinstance(node, ast.ClassDef))

    out[""] = ("module", own(1, len(lines), child_defs(tree.body)))
    visit(tree.body, "", False)
    return out


def main():
    repo, base, head = sys.argv[1:4]
    names = git(repo, "diff", "--no-renames", "--name-status", base, head, "--").decode("utf-8", errors="replace")
    changed, unparsable = [], []
    for row in names.splitlines():
        status, _, path = row.partition("\t")
        if not path.endswith(".py"):
            continue
        old = None if status.startswith("A") else blob(repo, base, path)
        new = None if status.startswith("D") else blob(repo, head, path)
        try:
            a = symbols(old) if old is not None else {}
            b = symbols(new) if new is not None else {}
        except (SyntaxError, ValueError, RecursionError):
            unparsable.append(path)
            continue
        for local in sorted(set(a) | set(b)):
            if local not in a:
                change = "added"
            elif local not in b:
                change = "removed"
            elif a[local][1] != b[local][1]:
                change = "modified"
            else:
                continue
            kind = (b.get(local) or a.get(local))[0]
            changed.append({"file": path, "local": local, "kind": kind, "change": change})
    json.dump({"changed": changed, "unparsable": sorted(unparsable)}, sys.stdout)


if __name__ == "__main__":
    main()
