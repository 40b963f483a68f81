// The one query extraction runs per file. All patterns live in a single query so tree-sitter walks
// the tree once inside WASM; captures come back in source order, which lets extract.ts attribute each
// capture to its scope with a position stack instead of asking nodes for their parents.
//
// Few patterns, on purpose: the query cursor keeps a state per started pattern alive while it walks
// the node's subtree, so cost grows with the number of patterns, not just with the captures. Going
// from 40 patterns (one per parameter kind, decorator shape, docstring, ...) to these 12 made the
// captures of a 1,500-function file about 4x cheaper. Detail is recovered from captured text instead.
//
// Rules the handlers in extract.ts rely on:
// - Never call `node.parent`: tree-sitter finds a parent by descending from the root, which made a
//   5,000-function file quadratic (2 s for its definitions alone).
// - Definition parts (`@def.*`, `@class.*`) lie between a definition's start and its body's first
//   statement, where no other definition can start: they belong to the latest opened definition.
// - `@noaccess` marks attributes that are the object of another attribute (inner chain links); the
//   callee and target attributes are excluded from plain reads by their captures' node ids, and
//   attributes inside annotations (`@type`) by position: annotations are not evaluated as code
//   (PEP 563/649), so `x: np.ndarray` is no read of `np.ndarray`.
// - Captures that start at the same position come in no guaranteed order; pairing by id or position
//   happens after the pass.

export const EXTRACT_QUERY = `
(function_definition name: (identifier) @def.name parameters: (parameters) @def.params return_type: (type)? @def.returns ":" @def.colon body: (block) @def.body) @def
(class_definition name: (identifier) @class.name superclasses: (argument_list)? @class.bases ":" @class.colon body: (block) @class.body) @class
(decorator) @decorator
(call function: (_) @callee)
(attribute) @attr
(attribute object: (attribute) @noaccess)
(type) @type
(assignment type: (type)? @assign.type) @assign
((augmented_assignment left: (identifier) @augname) @augall (#eq? @augname "__all__"))
(named_expression) @walrus
(for_statement left: (_) @fortarget)
(with_item value: (as_pattern alias: (as_pattern_target) @withtarget))
[(import_statement) (import_from_statement) (future_import_statement)] @import
`;

/** Run only when the tree has errors: where they are, for the file's note. */
export const ERROR_QUERY = `
(ERROR) @error
(MISSING) @missing
`;
