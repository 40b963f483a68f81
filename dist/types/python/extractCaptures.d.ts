import type { PySymbol } from '../model.js';
import { type Scope } from './extractScope.js';
import { type OutlinePart, type SourceLines } from './render.js';
import type { SyntaxNode } from './treeSitter.js';
export declare class CapturePass {
    private readonly relPath;
    private readonly module;
    private readonly text;
    private readonly src;
    readonly moduleSym: PySymbol;
    readonly moduleScope: Scope;
    /** Every definition's scope, in source order. */
    readonly defScopes: Scope[];
    /** The module's docstring and top-level imports, for its outline. */
    readonly outline: OutlinePart[];
    private readonly scopes;
    private current;
    private pendingDecorators;
    private readonly decoratorCalleeIds;
    private readonly decoratorCalleeStarts;
    private readonly calleeIds;
    private readonly innerLinks;
    private readonly writtenAt;
    private readonly callees;
    private readonly attrs;
    /** Disjoint [start, end) source ranges of annotations, ascending. */
    private readonly annotations;
    private withValue;
    private compTarget;
    constructor(relPath: string, module: string, text: string, src: SourceLines, lineCount: number);
    capture(capture: string, node: SyntaxNode): void;
    /** After the pass: the call sites, then the plain attribute reads. */
    finish(): void;
    private definition;
    private definitionBody;
    private decorator;
    /** An annotation's source range, merged into the last one when nested in it. */
    private annotation;
    private assignment;
    /** `__all__ += [...]` at module level. */
    private allExtended;
    private forTarget;
    private withTarget;
    private comprehensionIter;
    private yieldExpression;
    private returnStatement;
    private importStatement;
    /** Every callee that is not a decorator's, with its arguments, and the binding facts calls make. */
    private callSites;
    /**
     * Plain reads: attributes that are not inner chain links, callees, decorators, store targets
     * or parts of annotations (annotations are not evaluated as code: PEP 563/649).
     */
    private plainReads;
}
