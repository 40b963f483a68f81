// Fills `full` and `signature` of every symbol once all scopes are known (see render.ts for what
// each rendering contains and why).

import type { ClassField, Scope } from './extractScope.js';
import type { OutlinePart, SourceLines } from './render.js';
import { classStub, fieldStub, functionStub, headerText, lineText, moduleFull, moduleOutline, sliceLines } from './render.js';

/** Children before parents, so a class can embed its members' finished stubs. */
export function renderDefinitions(defScopes: readonly Scope[], src: SourceLines): void {
  for (let i = defScopes.length - 1; i >= 0; i--) {
    const scope = defScopes[i]!;
    const sym = scope.sym;
    sym.full = sliceLines(src, sym.startLine, sym.endLine);
    const parts = {
      header: headerText(src, sym.startLine, scope.bodyStart - 1),
      indent: bodyIndent(scope, src),
      ...(scope.docSource !== undefined ? { docSource: scope.docSource } : {}),
    };
    sym.signature = sym.kind === 'class' ? classStub(parts, classBody(scope, src)) : functionStub(parts);
  }
}

/** A class's fields and member stubs, in source order. */
function classBody(scope: Scope, src: SourceLines): string[] {
  const entries = scope.members.map((m) => ({ line: m.sym.startLine, text: m.sym.signature }));
  for (const field of scope.fields ?? []) entries.push({ line: field.row + 1, text: fieldStub(field.text, fieldIndent(field, src)) });
  return entries.sort((a, b) => a.line - b.line).map((e) => e.text);
}

/** The indentation the field is written at (the line's own leading whitespace). */
function fieldIndent(field: ClassField, src: SourceLines): string {
  const lead = lineText(src, field.row).slice(0, field.column);
  return /^[ \t]*$/.test(lead) ? lead : '';
}

/** The module's full text and outline; `outline` already holds its docstring and top-level imports. */
export function renderModule(moduleScope: Scope, src: SourceLines, outline: OutlinePart[]): void {
  const sym = moduleScope.sym;
  const members = moduleScope.members;
  sym.full = moduleFull(src, members.map((m) => [m.sym.startLine, m.sym.endLine, m.sym.name] as const));
  for (const member of members) {
    if (member.outerColumn !== 0) continue;
    const header = headerText(src, member.sym.startLine, member.bodyStart - 1);
    outline.push({ line: member.sym.startLine, text: `${header}\n    ...` });
  }
  sym.signature = moduleOutline(outline);
}

/** The body's indentation; for a same-line body (`def f(): pass`) one level below the header. */
function bodyIndent(scope: Scope, src: SourceLines): string {
  if (scope.bodyRow > scope.headerEndRow) return ' '.repeat(scope.bodyColumn);
  const defLine = lineText(src, scope.defRow);
  return `${defLine.slice(0, defLine.length - defLine.trimStart().length)}    `;
}
