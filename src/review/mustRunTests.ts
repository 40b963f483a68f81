// The must-run tier of test selection (pure): every test module that can execute changed code,
// found by imports rather than calls, so a test that reaches the change through a framework (an app
// handed in by `parametrize`, a fixture's client, a metaclass run at class definition) is still on it.
//
// Decisions (the rules import-graph selectors such as Pants and Tach use, with pytest's own loading):
// - A module depends on what it imports (resolved `imports` edges, at module level or inside
//   functions), on its packages' `__init__.py` (importing `a.b.c` runs `a` and `a.b` first), and a
//   test module on every `conftest.py` pytest loads for it (its folder and each folder above) and on
//   the modules its `pytest_plugins` name.
// - A test module is must-run when it depends, directly or through any chain, on a changed module; a
//   changed test module or conftest is its own dependency.
// - What imports cannot show is said in notes, never guessed: test code that loads modules by name at
//   run time (`importlib.import_module`, `__import__`), and changed files that are not Python (data,
//   templates, configuration), which no import reaches.
import type { Edge, PySymbol } from '../model.js';
import { isConftest, isTestModule } from '../python/testFiles.js';
import { plural } from '../shared/plural.js';

export interface MustRunInput {
  symbols: ReadonlyMap<string, PySymbol>;
  edges: readonly Edge[];
  /** Every analysed file with its module name. */
  files: readonly { path: string; module: string }[];
  /** Python files whose code the change touches (head paths). */
  changedFiles: readonly string[];
  /** Changed files that are not Python. */
  otherChangedFiles?: readonly string[];
}

export interface MustRunTests {
  /** Test modules to run, sorted. */
  files: string[];
  /** For each changed file, whether at least one test module depends on it. */
  covered: ReadonlySet<string>;
  notes: string[];
}

const DYNAMIC_IMPORT = /\bimport_module\s*\(|\b__import__\s*\(/;
const PLUGINS = /^pytest_plugins\s*(?::[^=\n]*)?=\s*([\s\S]*?)(?:\n(?=\S)|$)/m;

export function findMustRunTests(input: MustRunInput): MustRunTests {
  const dependents = reverseDependencies(input);
  const tests = new Set<string>();
  const covered = new Set<string>();
  for (const changed of input.changedFiles) {
    const seen = new Set([changed]);
    const queue = [changed];
    let any = false;
    for (let at = 0; at < queue.length; at++) {
      const file = queue[at]!;
      if (isTestModule(file)) {
        tests.add(file);
        any = true;
      }
      for (const up of dependents.get(file) ?? []) {
        if (seen.has(up)) continue;
        seen.add(up);
        queue.push(up);
      }
    }
    if (any) covered.add(changed);
  }
  const files = [...tests].sort();
  return { files, covered, notes: notesFor(input) };
}

/** file -> the files that depend on it. */
function reverseDependencies(input: MustRunInput): Map<string, Set<string>> {
  const byModule = new Map(input.files.map((f) => [f.module, f.path] as const));
  const out = new Map<string, Set<string>>();
  const depend = (from: string, on: string | undefined): void => {
    if (on === undefined || on === from) return;
    const set = out.get(on);
    if (set) set.add(from);
    else out.set(on, new Set([from]));
  };
  for (const e of input.edges) {
    if (e.kind !== 'imports') continue;
    depend(input.symbols.get(e.from)?.file ?? '', input.symbols.get(e.to)?.file);
  }
  const conftests = input.files.filter((f) => isConftest(f.path)).map((f) => f.path);
  for (const f of input.files) {
    const parts = f.module.split('.');
    for (let n = 1; n < parts.length; n++) depend(f.path, byModule.get(parts.slice(0, n).join('.')));
    if (isTestModule(f.path) || isConftest(f.path)) {
      const dir = folderOf(f.path);
      for (const c of conftests) if (c !== f.path && isWithin(dir, folderOf(c))) depend(f.path, c);
      for (const plugin of pluginModules(input.symbols.get(f.module))) depend(f.path, byModule.get(plugin));
    }
  }
  return out;
}

/** The module names a module-level `pytest_plugins = [...]` (or a single string) lists. */
function pluginModules(module: PySymbol | undefined): string[] {
  const value = module === undefined ? undefined : PLUGINS.exec(module.full)?.[1];
  if (value === undefined) return [];
  return [...value.matchAll(/["']([\w.]+)["']/g)].map((m) => m[1]!);
}

function notesFor(input: MustRunInput): string[] {
  const notes: string[] = [];
  const dynamic = new Set<string>();
  for (const s of input.symbols.values()) {
    if ((isTestModule(s.file) || isConftest(s.file)) && s.kind !== 'class' && DYNAMIC_IMPORT.test(s.full)) dynamic.add(s.file);
  }
  if (dynamic.size > 0) {
    notes.push(`${plural(dynamic.size, 'test file')} ${dynamic.size === 1 ? 'loads' : 'load'} modules by name at run time (importlib.import_module or __import__): what ${dynamic.size === 1 ? 'it loads' : 'they load'} is not followed`);
  }
  const other = input.otherChangedFiles ?? [];
  if (other.length > 0) notes.push(`${plural(other.length, 'changed file')} ${other.length === 1 ? 'is' : 'are'} not Python: no import reaches ${other.length === 1 ? 'it' : 'them'}, so tests that read ${other.length === 1 ? 'it' : 'them'} are not selected by this tier`);
  return notes;
}

function folderOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

/** Whether folder `dir` is `ancestor` or inside it ('' is the root). */
function isWithin(dir: string, ancestor: string): boolean {
  return ancestor === '' || dir === ancestor || dir.startsWith(`${ancestor}/`);
}
