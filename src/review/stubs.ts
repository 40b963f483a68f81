// `.pyi` stubs as the declared signatures a call may be written against (pure).
//
// Decision: a stub declares what type checkers accept; Python runs the implementation. A call that
// does not bind against the implementation but binds against a stub declaration of the name it calls
// is not "likely broken": it is "check" (code written against the stub, such as a package's typing
// tests that only type checkers read, fails only if it runs). Only where the change did not break
// it: a call that bound against the implementation before the change and no longer does is broken,
// whatever an unchanged stub still declares (review/breakingSites.ts). Stubs are never call sites, never
// targets, and never make a removed implementation present again (Python cannot run a stub): the
// graph stays the implementation's, and stubs only answer "does a declaration accept this call?".
//
// Which declarations: the stub beside the target's own file (`pkg/mod.pyi` for `pkg/mod.py`), under
// the target's qualified name; and the stub of the module the call names it through (`attrs.asdict`
// with `import attrs`, or `from attrs import asdict`), following the stub's own `from m import name`
// re-exports a few modules deep. Every overload counts.
import { resolveAbsoluteModule, resolveFromModule } from '../graph/imports.js';
import { buildModuleTable, type ModuleTable } from '../graph/sourceRoots.js';
import type { CallSite, FileRecord, ImportRecord, PySymbol, RefExpr } from '../model.js';

export interface StubIndex {
  table: ModuleTable;
  /** Stub files by path relative to the scan root (`pkg/mod.pyi`). */
  byPath: ReadonlyMap<string, FileRecord>;
}

/** Re-exports followed from one stub to the next, at most. */
const MAX_HOPS = 4;

export function buildStubIndex(records: readonly FileRecord[]): StubIndex {
  return { table: buildModuleTable(records), byPath: new Map(records.map((r) => [r.path, r])) };
}

/** Declarations of `qualified` (`f`, `Class.method`) in a stub file, overloads included. */
function declared(file: FileRecord, qualified: string): PySymbol[] {
  return file.symbols.filter((s) => (s.kind === 'function' || s.kind === 'method') && s.name.replace(/#\d+$/, '') === qualified);
}

/** `name` as a stub module declares it, directly or through its own `from m import name` (a few hops). */
function lookup(stubs: StubIndex, file: FileRecord, name: string, hops: number): PySymbol[] {
  const own = declared(file, name);
  if (own.length > 0 || hops >= MAX_HOPS) return own;
  const module = file.symbols.find((s) => s.kind === 'module');
  for (const rec of module?.imports ?? []) {
    if (rec.kind !== 'from' || (rec.alias ?? rec.name) !== name) continue;
    const next = stubFile(stubs, resolveFromModule(stubs.table, file.path, rec));
    if (next) return lookup(stubs, next, rec.name, hops + 1);
  }
  return [];
}

function stubFile(stubs: StubIndex, ref: ReturnType<typeof resolveFromModule>): FileRecord | undefined {
  return ref.kind === 'module' ? stubs.table.files.get(ref.id) : undefined;
}

/** A dotted name chain (`attrs`, `attr.filters`) as text; undefined for anything else. */
function dotted(ref: RefExpr): string | undefined {
  if (ref.t === 'name') return ref.name;
  if (ref.t !== 'attr') return undefined;
  const object = dotted(ref.object);
  return object === undefined ? undefined : `${object}.${ref.attr}`;
}

/** The stub module and name a call names its callee through, from the imports its scopes execute. */
function namedThrough(stubs: StubIndex, file: string, imports: readonly ImportRecord[], callee: RefExpr): { file: FileRecord; name: string } | undefined {
  if (callee.t === 'name') {
    for (const rec of imports) {
      if (rec.kind !== 'from' || (rec.alias ?? rec.name) !== callee.name) continue;
      const stub = stubFile(stubs, resolveFromModule(stubs.table, file, rec));
      if (stub) return { file: stub, name: rec.name };
    }
    return undefined;
  }
  if (callee.t !== 'attr') return undefined;
  const path = dotted(callee.object);
  if (path === undefined) return undefined;
  const head = path.split('.')[0]!;
  for (const rec of imports) {
    let module: string | undefined;
    if (rec.kind === 'import') {
      if (rec.alias === head) module = rec.module + path.slice(head.length);
      else if (rec.alias === undefined && rec.module.split('.')[0] === head) module = path; // `import a.b` binds `a`
    } else if ((rec.alias ?? rec.name) === head) module = `${rec.level > 0 ? '.'.repeat(rec.level) : ''}${rec.module ? `${rec.module}.` : ''}${rec.name}${path.slice(head.length)}`;
    if (module === undefined) continue;
    const stub = module.startsWith('.') ? relativeStub(stubs, file, module) : stubFile(stubs, resolveAbsoluteModule(stubs.table, file, module));
    if (stub) return { file: stub, name: callee.attr };
  }
  return undefined;
}

/** `..pkg.mod` read from `file`: the stub of that module. */
function relativeStub(stubs: StubIndex, file: string, module: string): FileRecord | undefined {
  const level = module.length - module.replace(/^\.+/, '').length;
  const rest = module.slice(level);
  const dot = rest.lastIndexOf('.');
  const rec: Extract<ImportRecord, { kind: 'from' }> = { kind: 'from', level, module: dot < 0 ? '' : rest.slice(0, dot), name: dot < 0 ? rest : rest.slice(dot + 1), line: 0 };
  const parent = resolveFromModule(stubs.table, file, rec);
  if (parent.kind !== 'module') return undefined;
  return stubs.table.files.get(parent.id === '' ? rec.name : `${parent.id}.${rec.name}`);
}

/**
 * Stub declarations a call of `target` from `caller` may be written against: beside the target, and
 * through the name the call uses. `scopes`: the caller and the scopes enclosing it (their imports).
 */
export function stubDeclarations(stubs: StubIndex, target: PySymbol, caller: PySymbol, scopes: readonly PySymbol[], site: CallSite): PySymbol[] {
  const out: PySymbol[] = [];
  const beside = stubs.byPath.get(target.file.replace(/\.py$/, '.pyi'));
  if (beside) out.push(...declared(beside, target.name.replace(/#\d+$/, '')));
  const through = namedThrough(stubs, caller.file, scopes.flatMap((s) => s.imports), site.callee);
  if (through) for (const s of lookup(stubs, through.file, through.name, 0)) if (!out.includes(s)) out.push(s);
  return out;
}
