#!/usr/bin/env bash
# Cold PR digest on a large corpus, as whole processes: --on-demand, the full index (the default), and
# the parse-only floor (read + tree-sitter parse + free of every .py file, scripts/parse-floor.mjs).
# CPU (user + system) and peak RSS from /usr/bin/time; medians of RUNS. The machine is shared: read CPU.
#
#   bash scripts/ondemand-measure.sh django   # corpus .bench/django, change _get_pass, decompress, quote_value
#   bash scripts/ondemand-measure.sh sympy    # corpus .bench/sympy, change igcd, flatten, rad_rationalize
#
# The corpus is copied into /tmp/ondemand-<name> as a git repository: a base commit and a scripted
# commit appending one statement to three functions (the same edit as the bench's Django PR).
set -euo pipefail
name="${1:?usage: ondemand-measure.sh django|sympy [RUNS]}"
runs="${2:-3}"
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="/tmp/ondemand-$name"
build="/tmp/ondemand-build"
case "$name" in
  django) src="$here/.bench/django/usr/lib/python3/dist-packages"; edits="django/contrib/auth/management/commands/changepassword.py:Command._get_pass django/contrib/postgres/forms/ranges.py:RangeWidget.decompress django/db/backends/postgresql/schema.py:DatabaseSchemaEditor.quote_value" ;;
  sympy) src="$here/.bench/sympy/usr/lib/python3/dist-packages"; edits="sympy/core/numbers.py:igcd sympy/utilities/iterables.py:flatten sympy/simplify/radsimp.py:rad_rationalize" ;;
  *) echo "unknown corpus $name (django or sympy)" >&2; exit 2 ;;
esac

if [ ! -d "$repo/.git" ]; then
  rm -rf "$repo"; mkdir -p "$repo"
  (cd "$src" && find . -name '*.py' -print0 | xargs -0 cp --parents -t "$repo")
  g() { git -C "$repo" -c user.name=Bench -c user.email=bench@example.invalid -c commit.gpgsign=false "$@"; }
  g init -q -b main; g add -A; g commit -q -m base
  i=0
  for edit in $edits; do
    i=$((i + 1))
    # Append one statement after the last line of the function (python3's ast finds it; nothing is run).
    python3 - "$repo/${edit%%:*}" "${edit##*:}" "$i" <<'PY'
import ast, sys
path, qual, n = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path, encoding='utf-8').read()
node = ast.parse(text)
for part in qual.split('.'):
    node = next(c for c in ast.iter_child_nodes(node) if isinstance(c, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and c.name == part)
last = node.body[-1]
lines = text.split('\n')
indent = lines[last.lineno - 1][: len(lines[last.lineno - 1]) - len(lines[last.lineno - 1].lstrip())]
lines.insert(node.end_lineno, f'{indent}_bench_change_{n} = {n}  # scripted change of the benchmark')
open(path, 'w', encoding='utf-8').write('\n'.join(lines))
PY
  done
  g commit -q -am "bench: change three functions"
fi

node "$here/scripts/build.mjs" --out "$build" --entries cli >/dev/null

measure() {
  local label="$1"; shift
  local rows=()
  for _ in $(seq "$runs"); do
    rows+=("$( { /usr/bin/time -f "%U %S %M" "$@" >/dev/null 2>/tmp/ondemand-measure.err; } 2>&1; tail -1 /tmp/ondemand-measure.err)")
  done
  printf '%s\n' "${rows[@]}" | python3 -c '
import sys, statistics
rows = [line.split() for line in sys.stdin if line.strip()]
cpu = statistics.median(float(u) + float(s) for u, s, _ in rows)
rss = statistics.median(int(m) for _, _, m in rows)
print(f"{sys.argv[1]:<22} CPU {cpu:.2f} s (median of {len(rows)}: " + ", ".join(f"{float(u) + float(s):.2f}" for u, s, _ in rows) + f")  peak RSS {rss // 1024} MB")' "$label"
}

measure "parse-only floor" node "$here/scripts/parse-floor.mjs" "$build" "$repo"
measure "pr --on-demand" node "$build/cli.js" pr "$repo" --base HEAD~1 --budget 8000 --on-demand
measure "pr (full index)" node "$build/cli.js" pr "$repo" --base HEAD~1 --budget 8000
node "$build/cli.js" pr "$repo" --base HEAD~1 --budget 8000 --on-demand 2>&1 >/dev/null | grep 'indexed on demand' || true
