// Text that GitHub renders as inert prose: no mention, no issue reference, no link, image or
// autolink, no task-list box, no raw HTML, no fence. Pure: one line in, one line out, linear time (a
// 1 MB line is one pass of a few regular expressions without backtracking).
//
// Every line of a comment outside its fences comes here, our own digest's and an untrusted
// `post-digest` file's alike (the two cannot be told apart), code spans included: nothing is parsed,
// so nothing rests on agreeing with GitHub's parser about where a span or a paragraph ends. Each
// construct is broken with an invisible U+200B (ZERO WIDTH SPACE) at a place it cannot do without;
// inside a code span that changes nothing a reader sees.
// - a mention is `@name` starting a text node of the rendered HTML, an e-mail autolink is
//   `local@domain` (found in the decoded text, so `a@&#98;.co` links too): every `@` that something
//   follows gets the space. `&#64;`, `&#x40;` and `&commat;` (the only HTML5 name for U+0040) render
//   as `@`: decoded first.
// - an issue reference is `#12`, `owner/repo#12` or `GH-12` in the rendered text: the space goes after
//   every `#` (also `&#35;`, `&#x23;`, `&num;`) and every `-` (also `&#45;`, `&#x2d;`) after `h` or an
//   entity, when a digit or an entity (which may be a digit) follows.
// - an inline link or image is `](`, a reference link `][` or a shortcut `[x]` with a definition
//   `[x]:`: the space goes after every `]` before `(`, `[` or `:`, so no link and no definition forms.
//   Entities (`&#93;`) are text to CommonMark, never brackets.
// - GFM's extended autolinks start at a literal `www.` or `scheme://` in the source (their entity
//   forms are text): `www` and `:` get the space before `.` and `//`. `<https://…>` needs `<`, below.
// - a task-list box is `[ ]`, `[x]` or `[X]`: the space goes before its `]`.
// - raw HTML (inline or block, comments, `<!DOCTYPE`, `<?`, `</details>`) and `<scheme:…>` autolinks
//   need `<` then a letter, `/`, `!` or `?`; every such `<` gets the space, so no tag and no hidden
//   marker can be planted.
// - a fence needs a run of three backticks or tildes: runs get the space between their characters, so
//   no neutralised line can open (or close) a code block, in any container. Our own code spans never
//   use more than two backticks (shared/fence.ts), so none of them is broken.
// Each rule leaves text it has already broken alone, so neutralising twice is neutralising once.
const ZWSP = '\u200b';
// Numeric references as CommonMark reads them: at most 7 decimal or 6 hexadecimal digits.
const AT_REFERENCE = /&(?:commat|#0{0,5}64|#[xX]0{0,4}40);/g;
// An `&` no backslash escapes: it starts a character reference (`\&#35;` is the text `&#35;`).
const UNESCAPED = '(?<=(?:^|[^\\\\])(?:\\\\\\\\)*)';
// One pass: each alternative is a place the space goes after (the last, `entity`, is kept as it is:
// `&#123;` is a character, its `#` no reference).
const BEFORE_SPACE = new RegExp(
  [
    '@(?=[^\\s\\u200b])',
    `(?:${UNESCAPED}(?:&#0{0,5}35;|&#[xX]0{0,4}23;)|&num;|#)(?=[0-9&])`,
    '(?<=[Hh;])(?:&#0{0,5}45;|&#[xX]0{0,4}2[dD];|-)(?=[0-9&])',
    '\\](?=[([:])',
    'www(?=\\.)',
    ':(?=\\/\\/)',
    '\\[[ xX](?=\\])',
    '<(?=[A-Za-z/!?])',
    `${UNESCAPED}(?<entity>&#[0-9]{1,7};|&#[xX][0-9a-fA-F]{1,6};)`,
  ].join('|'),
  'gi',
);

export function neutralise(text: string): string {
  return text
    .replace(AT_REFERENCE, '@')
    .replace(BEFORE_SPACE, (m, ...rest) => ((rest.at(-1) as { entity?: string }).entity === undefined ? `${m}${ZWSP}` : m))
    .replace(/`{3,}|~{3,}/g, (run) => run.split('').join(ZWSP));
}
