// The one query extraction runs per file. All patterns live in a single query so tree-sitter walks
// the tree once inside WASM; captures come back in source order, which lets extract.ts attribute each
// capture to its scope with a position stack instead of asking nodes for their parents.
//
// Few patterns and few captures per pattern, on purpose: the query cursor keeps a state per started
// pattern alive while it walks the node's subtree, and web-tree-sitter unmarshals every capture of a
// match (a new JS object each) for each capture it returns. So there is no pattern per parameter kind,
// decorator shape, docstring, ...: the detail is recovered from captured text instead (extractText.ts).
//
// Rules the handlers in extract.ts rely on:
// - Never call `node.parent`: tree-sitter finds a parent by descending from the root, which makes a
//   file with thousands of functions quadratic.
// - A definition's header (name, parameters, return annotation, bases) is read from the source text
//   (extractDefs.readHeader); `@def.body`/`@class.body` comes after its `@def`/`@class` and before
//   anything else can open a definition, so it belongs to the latest opened one.
// - `@noaccess` marks attributes that are the object of another attribute (inner chain links).
//   Callees are excluded from plain reads by their `@callee` node ids; store targets (`self.x = v`)
//   and decorators by start position; attributes inside annotations (`@type`) by range, since
//   annotations are not evaluated as code (PEP 563/649): `x: np.ndarray` is no read of `np.ndarray`.
// - Captures that start at the same position come in no guaranteed order; pairing by id or position
//   happens after the pass.
// - Call arguments, `for` iterables and `return` values are read from source text around captures
//   already made (extractValues.ts); only `@return` and `@except` exist for them.
// - `@withvalue` is the `ctx as x` of a with item, before its `@withtarget`; `@comptarget`/`@compiter`
//   a comprehension's `for x in it`, target first.

export const EXTRACT_QUERY = `
(function_definition body: (block) @def.body) @def
(class_definition body: (block) @class.body) @class
(decorator) @decorator
(call function: (_) @callee)
(attribute) @attr
(attribute object: (attribute) @noaccess)
(type) @type
(assignment) @assign
((augmented_assignment left: (identifier) @augname) @augall (#eq? @augname "__all__"))
(named_expression) @walrus
(for_statement left: (_) @fortarget)
(with_item value: (as_pattern alias: (as_pattern_target) @withtarget) @withvalue)
(for_in_clause left: (_) @comptarget right: (_) @compiter)
(yield) @yield
(raise_statement) @raise
(except_clause value: (as_pattern) @except)
(return_statement) @return
[(import_statement) (import_from_statement) (future_import_statement)] @import
`;

/** Run only when the tree has errors: where they are, for the file's note. */
export const ERROR_QUERY = `
(ERROR) @error
(MISSING) @missing
`;
