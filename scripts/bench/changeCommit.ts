// The bench's pull request: a git copy of a corpus with one scripted commit that changes 3 functions.
//
// Decision: the change is chosen by rule, not by hand, so it works on Django, sympy and the synthetic
// trees alike and is the same on every run: in the sorted list of .py files, start at 1/4, 2/4 and
// 3/4 of the way and take the first function whose header fits on one line and whose body has at
// least 3 lines; append one statement at the end of its body (after a final `return` it is dead code,
// which is still a change a reviewer must see). Only text is edited: nothing of the corpus is run.
// Commits carry a fixed author and date, so the same corpus always gives the same commit ids.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ChangedFunction {
  path: string;
  name: string;
  line: number;
}

export interface ChangeRepo {
  dir: string;
  changed: ChangedFunction[];
}

const HEADER = /^(\s*)(?:async\s+)?def (\w+)\(.*\):\s*(#.*)?$/;
const indentOf = (line: string): number => line.length - line.trimStart().length;
const isCode = (line: string): boolean => line.trim() !== '' && !line.trimStart().startsWith('#');

/** Pure: the first suitable function of a file and the text with one statement appended to it. */
export function changeOneFunction(text: string, marker: number): { text: string; name: string; line: number } | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = HEADER.exec(lines[i]!);
    if (!header) continue;
    const defIndent = header[1]!.length;
    let end = i + 1;
    let last = -1;
    for (; end < lines.length; end++) {
      const line = lines[end]!;
      if (!isCode(line)) continue;
      if (indentOf(line) <= defIndent) break;
      last = end;
    }
    const body = lines.slice(i + 1, last + 1).filter(isCode);
    if (last < 0 || body.length < 3 || lines[last]!.trimEnd().endsWith('\\')) continue;
    const indent = ' '.repeat(indentOf(body[0]!));
    lines.splice(last + 1, 0, `${indent}_bench_change_${marker} = ${marker}  # scripted change of the benchmark`);
    return { text: lines.join('\n'), name: header[2]!, line: i + 1 };
  }
  return undefined;
}

function pythonFiles(root: string, dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...pythonFiles(root, rel));
    else if (entry.isFile() && entry.name.endsWith('.py')) found.push(rel);
  }
  return found;
}

const GIT_ENV = {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.invalid',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
}

/** Edits 3 functions of the working tree at `dir` in place (see the decision above). */
export function applyScriptedChange(dir: string): ChangedFunction[] {
  const files = pythonFiles(dir).sort();
  const changed: ChangedFunction[] = [];
  for (let k = 1; k <= 3; k++) {
    for (let i = Math.floor((k * files.length) / 4); i < files.length; i++) {
      const path = files[i]!;
      if (changed.some((c) => c.path === path)) continue;
      const edit = changeOneFunction(readFileSync(join(dir, path), 'utf8'), k);
      if (!edit) continue;
      writeFileSync(join(dir, path), edit.text);
      changed.push({ path, name: edit.name, line: edit.line });
      break;
    }
  }
  return changed;
}

/**
 * `dest` as a git repository holding `source` (commit 1) and the scripted change (commit 2, HEAD).
 * Kept between runs: rebuilt only when missing or incomplete (no second commit).
 */
export function ensureChangeRepo(source: string, dest: string, log: (line: string) => void, deps = { copy: (from: string, to: string) => cpSync(from, to, { recursive: true, verbatimSymlinks: true }) }): ChangeRepo {
  const record = join(dest, '.git', 'bench-change.json');
  if (existsSync(record)) return { dir: dest, changed: JSON.parse(readFileSync(record, 'utf8')) as ChangedFunction[] };
  rmSync(dest, { recursive: true, force: true });
  log(`  making ${dest}: git copy of ${source} with a scripted 3-function change`);
  deps.copy(source, dest);
  git(dest, 'init', '-q', '-b', 'main');
  git(dest, 'add', '-A');
  git(dest, 'commit', '-q', '-m', 'bench: base');
  const changed = applyScriptedChange(dest);
  if (changed.length === 0) throw new Error(`no function in ${source} fits the scripted change (one-line header, 3-line body)`);
  git(dest, 'commit', '-q', '-am', `bench: change ${changed.map((c) => c.name).join(', ')}`);
  writeFileSync(record, JSON.stringify(changed));
  return { dir: dest, changed };
}
