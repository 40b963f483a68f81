"""The base lines a commit changes in code, comments and docstrings left out (eval:tests truth).

Reads {"files": {path: [base_text, head_text]}} on stdin and writes {path: [base line numbers]}: the
lines of the base version whose code differs in head once comments and docstrings are blanked (a
pure insertion counts the base lines on either side, as `git diff -U0` hunks do in tests.ts). A
change to a comment or a docstring changes no behaviour, and the digest's test tiers select nothing
for it; coverage still runs those lines (a trailing comment shares its line with code), so they are
not truth. Nothing is executed: Python's own tokenizer and parser read the text.
"""
import ast
import difflib
import io
import json
import sys
import tokenize

DOCSTRING = "<docstring>"


def docstring_lines(tree):
    lines = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            # A docstring on the line of its `def`/`class` shares the line with code: left as it is.
            if getattr(node, "lineno", 0) != first.lineno:
                lines.update(range(first.lineno, first.end_lineno + 1))
    return lines


def code_only(text):
    """The text's lines with comments cut and docstrings replaced by one placeholder each (line count kept)."""
    lines = text.splitlines()
    try:
        blank = docstring_lines(ast.parse(text))
        comments = {}
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                comments[tok.start[0]] = tok.start[1]
    except (SyntaxError, tokenize.TokenError, ValueError):
        return [line.rstrip() for line in lines]
    out = []
    for number, line in enumerate(lines, 1):
        if number in blank:
            out.append(DOCSTRING)
        elif number in comments:
            out.append(line[: comments[number]].rstrip())
        else:
            out.append(line.rstrip())
    return out


def changed_base_lines(base, head):
    a, b = code_only(base), code_only(head)
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        # A docstring that grew or shrank: placeholder lines only on both sides.
        if tag == "equal" or all(line == DOCSTRING for line in a[i1:i2] + b[j1:j2]):
            continue
        out.extend(range(i1 + 1, i2 + 1) if i2 > i1 else [i1, i1 + 1])
    return sorted(set(n for n in out if n >= 1))


def main():
    files = json.load(sys.stdin)["files"]
    result = {}
    for path, (base, head) in sorted(files.items()):
        lines = changed_base_lines(base, head)
        if lines:
            result[path] = lines
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
