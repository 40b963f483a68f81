// Text that GitHub renders as inert prose: no mention, no raw HTML, no fence. Pure: one line in, one
// line out, linear time (a 1 MB line is one pass of four regular expressions without backtracking).
//
// What GitHub turns into something else, and how each is broken with an invisible zero-width space:
// - a mention is `@name` starting a text node of the rendered HTML. Markup (`_@a_`, `` `x`@a ``,
//   entities) can start a node anywhere except after an ASCII letter or digit, which is always plain
//   text in the same node; so every `@` not after one gets the space (`a@b.c` is left alone).
//   `&#64;`, `&#x40;` and `&commat;` (the only HTML5 name for U+0040) render as `@`: decoded first.
// - raw HTML (inline or block, comments, `<!DOCTYPE`, `<?`, `</details>`) needs `<` then a letter, `/`,
//   `!` or `?`; every such `<` gets the space, so no tag and no hidden marker can be planted.
// - a fence needs a run of three backticks or tildes: runs get the space between their characters, so
//   no neutralised line can open (or close) a code block, in any container.
const ZWSP = '\u200b';
const AT_REFERENCE = /&(?:commat|#0*64|#[xX]0*40);/g;

export function neutralise(text: string): string {
  return text
    .replace(AT_REFERENCE, '@')
    .replace(/(?<![A-Za-z0-9])@(?=[A-Za-z0-9])/g, `@${ZWSP}`)
    .replace(/<(?=[A-Za-z/!?])/g, `<${ZWSP}`)
    .replace(/`{3,}|~{3,}/g, (run) => run.split('').join(ZWSP));
}
