"""Ground truth for test selection: which tests execute the lines a commit changes.

Run inside a checkout of the commit's parent (the base). Reads a JSON request on stdin:
  {"source": "src", "tests": "tests", "changed": {"src/pkg/mod.py": [12, 13]}, "untested": [["src/pkg/mod.py", "Class.method"], ...],
   "cache": "/tmp/.../<parent sha>.coverage"}
runs the suite once under coverage with per-test contexts (dynamic_context = test_function), and
prints JSON:
  {"suite": {"files": [...], "tests": [...]}, "truth": {"files": [...], "tests": [...]},
   "contradicted": [...], "failed": bool}
Tests are (file, qualname) pairs written "file::qual.name"; files are repository-relative paths.
The analysed project's code runs here, on purpose: this is the evaluation's ground truth, never the tool.
With "cache", the coverage data of that path (and the run's outcome beside it, `.run.json`) is reused
when present and written otherwise: one parent's suite gives the same contexts for every scoring of it.
"""
import ast
import json
import os
import subprocess
import sys
import tempfile

import coverage


def main() -> None:
    req = json.load(sys.stdin)
    root = os.getcwd()
    data = req.get("cache") or tempfile.mktemp(suffix=".coverage")
    outcome = data + ".run.json"
    if req.get("cache") and os.path.exists(data) and os.path.exists(outcome):
        with open(outcome) as f:
            returncode, summary = json.load(f)
    else:
        returncode, summary = run_suite(root, req, data)
        with open(outcome, "w") as f:
            json.dump([returncode, summary], f)
    cov = coverage.CoverageData(data)
    cov.read()
    test_files = {}
    for dirpath, _, names in os.walk(os.path.join(root, req["tests"])):
        for n in names:
            if n.endswith(".py") and (n.startswith("test_") or n.endswith("_test.py")):
                rel = os.path.relpath(os.path.join(dirpath, n), root).replace(os.sep, "/")
                test_files[rel[:-3].replace("/", ".")] = rel

    def test_of(context: str):
        # "pkg.test_mod.TestClass.test_x" -> the longest dotted prefix that names a test file.
        parts = context.split(".")
        for k in range(len(parts) - 1, 0, -1):
            mod = ".".join(parts[:k])
            for dotted, rel in test_files.items():
                if dotted == mod or dotted.endswith("." + mod):
                    return rel, ".".join(parts[k:])
        return None

    suite = set()
    for ctx in cov.measured_contexts():
        t = test_of(ctx) if ctx else None
        if t:
            suite.add(t)
    truth = set()
    covered_by = {}
    for rel, lines in req["changed"].items():
        path = os.path.join(root, rel)
        by_line = cov.contexts_by_lineno(path) if path in cov.measured_files() else {}
        for line in lines:
            for ctx in by_line.get(line, []):
                t = test_of(ctx) if ctx else None
                if t:
                    truth.add(t)
                    covered_by.setdefault(rel, set()).add(line)
    contradicted = []
    for rel, qual in req.get("untested", []):
        span = span_of(os.path.join(root, rel), qual)
        if span and any(span[0] <= line <= span[1] for line in covered_by.get(rel, ())):
            contradicted.append(f"{rel}::{qual}")
    out = {
        "suite": {"files": sorted(set(test_files.values())), "tests": sorted(f"{f}::{q}" for f, q in suite)},
        "truth": {"files": sorted({f for f, _ in truth}), "tests": sorted(f"{f}::{q}" for f, q in truth)},
        "contradicted": sorted(contradicted),
        "failed": returncode not in (0, 1),
        "summary": summary,
    }
    json.dump(out, sys.stdout)


def run_suite(root: str, req: dict, data: str):
    rc = tempfile.mktemp(suffix=".coveragerc")
    with open(rc, "w") as f:
        f.write("[run]\ndynamic_context = test_function\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(root, req["source"]), metadata_dir(root), os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run(
        [sys.executable, "-m", "coverage", "run", f"--rcfile={rc}", f"--data-file={data}", f"--source={req['source']}",
         "-m", "pytest", "-q", "-p", "no:cacheprovider", req["tests"]],
        cwd=root, env=env, capture_output=True, text=True, timeout=1800,
    )
    return run.returncode, (run.stdout.strip().splitlines() or [""])[-1]


def metadata_dir(root: str) -> str:
    """A folder holding the project's own distribution metadata (name and version from pyproject.toml),
    as an editable install would: suites that read importlib.metadata.version(...) then import."""
    import tomllib

    folder = tempfile.mkdtemp(suffix=".site")
    try:
        with open(os.path.join(root, "pyproject.toml"), "rb") as f:
            project = tomllib.load(f).get("project", {})
    except OSError:
        return folder
    name, version = project.get("name"), project.get("version", "0")
    if name:
        info = os.path.join(folder, f"{name.replace('-', '_')}-{version}.dist-info")
        os.makedirs(info)
        with open(os.path.join(info, "METADATA"), "w") as f:
            f.write(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    return folder


def span_of(path: str, qual: str):
    try:
        tree = ast.parse(open(path, encoding="utf-8").read())
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None
    node = tree
    for name in qual.split("."):
        found = None
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and child.name == name:
                found = child
        if found is None:
            return None
        node = found
    start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return start, node.end_lineno


if __name__ == "__main__":
    main()
