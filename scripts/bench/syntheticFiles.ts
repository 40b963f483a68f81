// A synthetic Python monorepo, deterministic from a seed: the same (files, seed) always gives the same
// bytes, so time and memory can be compared across sizes and runs. Pure: this file makes texts; the
// writer (scripts/bench/synthetic.ts) puts them on disk.
//
// Shape (what a large Python monorepo looks like to an indexer):
// - top-level packages `svc_NNN/` (one per 25 units), each unit a package `<area>_NN/` of an
//   `__init__.py` re-exporting two names, 15 modules, and a `tests/` package of an `__init__.py` and 3
//   test modules: 20 files per unit;
// - each module imports 2-4 names from earlier modules of its unit, from another unit of its service,
//   and from the shared first unit (`svc_000`), plus stdlib imports;
// - 1-3 classes per module, half of them inheriting from an imported class; 3-6 methods each, with
//   docstrings, calling `self.` methods, imported classes' methods and imported functions;
// - 1-3 module functions calling the module's classes; tests call what their module defines.
// Names are drawn from small word lists, so the same method names recur across thousands of classes
// (`validate`, `save`), as in real code: name-based resolution meets the fan-out it meets in practice.
// Every file is generated from (seed, its own index) alone, so a 100k-file tree streams to disk
// without holding the tree in memory, and the first 10k files of every size are the same files.

export const FILES_PER_UNIT = 20;
const MODULES_PER_UNIT = 15;
const TESTS_PER_UNIT = 3;
const UNITS_PER_SERVICE = 25;

const NOUNS = ['order', 'invoice', 'payment', 'customer', 'account', 'ledger', 'shipment', 'catalog', 'product', 'inventory', 'report', 'session', 'token', 'policy', 'schedule', 'message', 'channel', 'profile', 'audit', 'metric', 'cache', 'quota', 'tenant', 'region', 'device', 'sensor', 'batch', 'job', 'pipeline', 'document', 'template', 'asset', 'contract', 'refund', 'coupon', 'cart', 'review', 'rating', 'ticket', 'workflow'];
const ROLES = ['Service', 'Repository', 'Validator', 'Handler', 'Manager', 'Client', 'Builder', 'Serializer', 'Processor', 'Adapter', 'Controller', 'Store', 'Factory', 'Resolver', 'Scheduler', 'Formatter', 'Loader', 'Exporter', 'Monitor', 'Gateway'];
const VERBS = ['validate', 'save', 'load', 'process', 'render', 'compute', 'refresh', 'publish', 'resolve', 'normalize', 'apply', 'merge', 'split', 'fetch', 'store', 'check', 'build', 'parse', 'emit', 'reset', 'close', 'open', 'sync', 'flush', 'retry', 'schedule', 'cancel', 'approve', 'reject', 'archive'];
const OBJECTS = ['items', 'record', 'payload', 'state', 'rows', 'entry', 'batch', 'config', 'result', 'event', 'request', 'response', 'summary', 'totals', 'limits'];
const AREAS = ['billing', 'accounts', 'shipping', 'search', 'catalog', 'identity', 'reporting', 'messaging', 'analytics', 'storage', 'scheduling', 'payments', 'support', 'pricing', 'devices', 'content'];
const STDLIB = ['import logging', 'import json', 'import re', 'from dataclasses import dataclass, field', 'from typing import Any, Optional', 'from collections import defaultdict', 'import datetime'];

/** mulberry32: small, fast and the same on every platform. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(seed: number, ...parts: number[]): number {
  let h = seed >>> 0;
  for (const p of parts) h = Math.imul(h ^ (p + 0x9e3779b9 + (h << 6) + (h >>> 2)), 0x85ebca6b) >>> 0;
  return h;
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const between = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

interface ClassShape {
  name: string;
  methods: string[];
}

/** What module (unit, j) defines: derived from the seed and its own coordinates only. */
interface ModuleShape {
  unit: number;
  index: number;
  stem: string;
  classes: ClassShape[];
  functions: string[];
}

function serviceOf(unit: number): number {
  return Math.floor(unit / UNITS_PER_SERVICE);
}

function unitDir(seed: number, unit: number): string {
  const area = AREAS[mix(seed, 7, unit) % AREAS.length]!;
  return `svc_${String(serviceOf(unit)).padStart(3, '0')}/${area}_${String(unit % UNITS_PER_SERVICE).padStart(2, '0')}`;
}

function moduleShape(seed: number, unit: number, index: number): ModuleShape {
  const r = rng(mix(seed, 1, unit, index));
  const noun = pick(r, NOUNS);
  const stem = `${noun}_${pick(r, ROLES).toLowerCase()}_${index}`;
  const classes: ClassShape[] = [];
  const classCount = between(r, 1, 3);
  for (let c = 0; c < classCount; c++) {
    const name = `${noun[0]!.toUpperCase()}${noun.slice(1)}${pick(r, ROLES)}${c === 0 ? '' : c}`;
    const methods = new Set<string>();
    const count = between(r, 3, 6);
    while (methods.size < count) methods.add(`${pick(r, VERBS)}_${pick(r, OBJECTS)}`);
    classes.push({ name, methods: [...methods] });
  }
  const functions = new Set<string>();
  const fnCount = between(r, 1, 3);
  while (functions.size < fnCount) functions.add(`${pick(r, VERBS)}_${noun}_${pick(r, OBJECTS)}`);
  return { unit, index, stem, classes, functions: [...functions] };
}

function moduleId(seed: number, shape: ModuleShape): string {
  return `${unitDir(seed, shape.unit).replace('/', '.')}.${shape.stem}`;
}

interface Imported {
  from: string;
  cls: ClassShape;
  fn: string;
}

/** Earlier modules this one imports from: same unit, another unit of the service, and the shared unit. */
function importsOf(seed: number, unit: number, index: number): Imported[] {
  const r = rng(mix(seed, 2, unit, index));
  const sources: [number, number][] = [];
  const local = between(r, 1, 2);
  if (index > 0) for (let k = 0; k < local; k++) sources.push([unit, Math.floor(r() * index)]);
  const first = serviceOf(unit) * UNITS_PER_SERVICE;
  if (unit > first) sources.push([first + Math.floor(r() * (unit - first)), Math.floor(r() * MODULES_PER_UNIT)]);
  if (unit > 0 && r() < 0.6) sources.push([0, Math.floor(r() * MODULES_PER_UNIT)]);
  const seen = new Set<string>();
  const result: Imported[] = [];
  for (const [u, j] of sources) {
    const shape = moduleShape(seed, u, j);
    const from = moduleId(seed, shape);
    if (seen.has(from)) continue;
    seen.add(from);
    result.push({ from, cls: pick(r, shape.classes), fn: pick(r, shape.functions) });
  }
  return result;
}

function docstring(r: () => number, indent: string, subject: string): string {
  const lines = [`${indent}"""${subject[0]!.toUpperCase()}${subject.slice(1)}.`];
  if (r() < 0.5) lines.push('', `${indent}Returns the ${pick(r, OBJECTS)} after the ${pick(r, VERBS)} step; raises ValueError on bad input.`);
  lines.push(`${indent}"""`);
  return lines.length === 2 ? `${lines[0]}"""` : lines.join('\n');
}

function methodBody(r: () => number, cls: ClassShape, name: string, arg: string, imports: Imported[]): string[] {
  const i2 = '        ';
  const lines = [docstring(r, i2, `${name.replace('_', ' the ')} for this ${cls.name}`)];
  lines.push(`${i2}if ${arg} is None:`, `${i2}    raise ValueError("missing ${arg}")`);
  const others = cls.methods.filter((m) => m !== name);
  const steps = between(r, 1, 3);
  for (let s = 0; s < steps; s++) {
    const roll = r();
    if (roll < 0.45 && others.length > 0) lines.push(`${i2}${arg} = self.${pick(r, others)}(${arg})`);
    else if (roll < 0.75 && imports.length > 0) {
      const imp = pick(r, imports);
      lines.push(`${i2}helper = ${imp.cls.name}()`, `${i2}${arg} = helper.${pick(r, imp.cls.methods)}(${arg})`);
    } else if (imports.length > 0) lines.push(`${i2}${arg} = ${pick(r, imports).fn}(${arg})`);
    else lines.push(`${i2}${arg} = [x for x in ${arg} if x] if isinstance(${arg}, list) else ${arg}`);
  }
  lines.push(`${i2}logger.debug("${name} done: %s", ${arg})`, `${i2}return ${arg}`);
  return lines;
}

function moduleText(seed: number, unit: number, index: number): string {
  const shape = moduleShape(seed, unit, index);
  const imports = importsOf(seed, unit, index);
  const r = rng(mix(seed, 3, unit, index));
  const out: string[] = [`"""${shape.stem.replaceAll('_', ' ')}: part of the ${unitDir(seed, unit).split('/')[1]} service."""`, ''];
  const std = new Set([STDLIB[0]!, pick(r, STDLIB), pick(r, STDLIB)]);
  out.push(...[...std].sort(), '');
  for (const imp of imports) out.push(`from ${imp.from} import ${[imp.cls.name, imp.fn].join(', ')}`);
  out.push('', 'logger = logging.getLogger(__name__)', `DEFAULT_LIMIT = ${between(r, 10, 500)}`, '');
  shape.classes.forEach((cls, c) => {
    const bases = c > 0 && r() < 0.4 ? shape.classes[0]!.name : imports.length > 0 && r() < 0.5 ? pick(r, imports).cls.name : '';
    out.push('', `class ${cls.name}${bases ? `(${bases})` : ''}:`, docstring(r, '    ', `${cls.name} keeps the ${pick(r, OBJECTS)} of one ${pick(r, NOUNS)}`), '');
    out.push('    def __init__(self, limit=DEFAULT_LIMIT, name=None):');
    if (bases) out.push('        super().__init__()');
    out.push('        self.limit = limit', `        self.name = name or "${cls.name.toLowerCase()}"`, '        self._seen = {}', '');
    for (const m of cls.methods) {
      const arg = pick(r, OBJECTS);
      out.push(`    def ${m}(self, ${arg}=None):`, ...methodBody(r, cls, m, arg, imports), '');
    }
  });
  for (const fn of shape.functions) {
    const cls = pick(r, shape.classes);
    out.push('', `def ${fn}(value, limit=DEFAULT_LIMIT):`, docstring(r, '    ', `${fn.replaceAll('_', ' ')} with a fresh ${cls.name}`));
    out.push(`    worker = ${cls.name}(limit=limit)`, `    result = worker.${pick(r, cls.methods)}(value)`, '    if result is None:', '        return None', '    return result', '');
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n\n')}\n`;
}

function initText(seed: number, unit: number): string {
  const a = moduleShape(seed, unit, 0);
  const b = moduleShape(seed, unit, 1);
  return [`"""The ${unitDir(seed, unit)} package."""`, `from .${a.stem} import ${a.classes[0]!.name}`, `from .${b.stem} import ${b.functions[0]}`, '', `__all__ = ["${a.classes[0]!.name}", "${b.functions[0]}"]`, ''].join('\n');
}

function testText(seed: number, unit: number, t: number): string {
  const r = rng(mix(seed, 4, unit, t));
  const index = Math.floor(r() * MODULES_PER_UNIT);
  const shape = moduleShape(seed, unit, index);
  const from = moduleId(seed, shape);
  const out = [`"""Tests of ${from}."""`, 'import pytest', '', `from ${from} import ${[...shape.classes.map((c) => c.name), shape.functions[0]].join(', ')}`, ''];
  for (const cls of shape.classes) {
    for (const m of cls.methods.slice(0, 2)) {
      out.push('', `def test_${cls.name.toLowerCase()}_${m}():`, `    subject = ${cls.name}(limit=${between(r, 1, 9)})`, `    assert subject.${m}([1, 2]) is not None`, '');
    }
    out.push('', `def test_${cls.name.toLowerCase()}_rejects_none():`, `    with pytest.raises(ValueError):`, `        ${cls.name}().${cls.methods[0]}(None)`, '');
  }
  out.push('', `def test_${shape.functions[0]}():`, `    assert ${shape.functions[0]}([3]) is not None`, '');
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n\n')}\n`;
}

export interface SyntheticFile {
  path: string;
  text: string;
}

/** The files of an n-file monorepo, in path order within each unit, one at a time. */
export function* syntheticFiles(files: number, seed: number): Generator<SyntheticFile> {
  let made = 0;
  const serviceInits = new Set<number>();
  for (let unit = 0; made < files; unit++) {
    const dir = unitDir(seed, unit);
    const specs: SyntheticFile[] = [];
    const service = serviceOf(unit);
    if (!serviceInits.has(service)) {
      serviceInits.add(service);
      specs.push({ path: `${dir.split('/')[0]}/__init__.py`, text: `"""Service ${service}."""\n` });
    }
    specs.push({ path: `${dir}/__init__.py`, text: initText(seed, unit) });
    for (let j = 0; j < MODULES_PER_UNIT; j++) specs.push({ path: `${dir}/${moduleShape(seed, unit, j).stem}.py`, text: moduleText(seed, unit, j) });
    specs.push({ path: `${dir}/tests/__init__.py`, text: '' });
    for (let t = 0; t < TESTS_PER_UNIT; t++) specs.push({ path: `${dir}/tests/test_${t}.py`, text: testText(seed, unit, t) });
    for (const spec of specs) {
      if (made >= files) return;
      made++;
      yield spec;
    }
  }
}
