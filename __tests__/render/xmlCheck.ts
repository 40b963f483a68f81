// A tiny strict XML 1.0 well-formedness check for our output: prolog, elements with quoted attributes,
// CDATA sections, entity references, one root, balanced tags, no character XML cannot carry.
// Returns the CDATA text found inside each element named `collect`, concatenated per element.
const NAME = '[A-Za-z_][A-Za-z0-9_.-]*';
const ATTR_VALUE = '"(?:[^"<&]|&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)*"';
const START = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*${ATTR_VALUE})*)\\s*(/?)>`);
const END = new RegExp(`^</(${NAME})\\s*>`);
const TEXT = /^(?:[^<&]|&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)+/;
// eslint-disable-next-line no-control-regex
const BAD_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function checkWellFormedXml(xml: string, collect = 'symbol'): string[] {
  if (BAD_CHAR.test(xml)) throw new Error('character not allowed in XML 1.0');
  let rest = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const collected: string[] = [];
  let roots = 0;
  let current: string | undefined;
  while (rest.length > 0) {
    if (rest.startsWith('<![CDATA[')) {
      if (stack.length === 0) throw new Error('CDATA outside the root');
      const end = rest.indexOf(']]>');
      if (end < 0) throw new Error('unterminated CDATA');
      if (current !== undefined) current += rest.slice(9, end);
      rest = rest.slice(end + 3);
      continue;
    }
    const end = END.exec(rest);
    if (end) {
      if (stack.pop() !== end[1]) throw new Error(`mismatched </${end[1]}>`);
      if (end[1] === collect && current !== undefined) {
        collected.push(current);
        current = undefined;
      }
      rest = rest.slice(end[0].length);
      continue;
    }
    const start = START.exec(rest);
    if (start) {
      if (stack.length === 0 && ++roots > 1) throw new Error('more than one root element');
      const names = [...start[2]!.matchAll(new RegExp(`(${NAME})\\s*=`, 'g'))].map((m) => m[1]);
      if (new Set(names).size !== names.length) throw new Error('duplicate attribute');
      if (start[3] !== '/') {
        stack.push(start[1]!);
        if (start[1] === collect) current = '';
      }
      rest = rest.slice(start[0].length);
      continue;
    }
    const text = TEXT.exec(rest);
    if (text) {
      if (stack.length === 0 && text[0].trim() !== '') throw new Error('text outside the root');
      if (text[0].includes(']]>')) throw new Error(']]> in text');
      rest = rest.slice(text[0].length);
      continue;
    }
    throw new Error(`not well-formed at: ${JSON.stringify(rest.slice(0, 40))}`);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)}>`);
  if (roots !== 1) throw new Error('no root element');
  return collected;
}

/** Decodes the five entities and character references of an attribute value. */
export function decodeAttr(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[e]) return named[e]!;
    return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

/** One element of a parsed document: attributes and text decoded, CDATA read as written. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text and CDATA, in order (children's left out). */
  text: string;
}

/** Parses a document checkWellFormedXml accepts into its element tree (the root element). */
export function parseXml(xml: string): XmlElement {
  checkWellFormedXml(xml);
  let rest = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (rest.length > 0) {
    const top = stack.at(-1);
    if (rest.startsWith('<![CDATA[')) {
      const end = rest.indexOf(']]>');
      top!.text += rest.slice(9, end);
      rest = rest.slice(end + 3);
      continue;
    }
    const end = END.exec(rest);
    if (end) {
      stack.pop();
      rest = rest.slice(end[0].length);
      continue;
    }
    const start = START.exec(rest);
    if (start) {
      const attrs: Record<string, string> = {};
      for (const m of start[2]!.matchAll(new RegExp(`(${NAME})\\s*=\\s*(${ATTR_VALUE})`, 'g'))) attrs[m[1]!] = decodeAttr(m[2]!.slice(1, -1));
      const element: XmlElement = { name: start[1]!, attrs, children: [], text: '' };
      if (top) top.children.push(element);
      else root = element;
      if (start[3] !== '/') stack.push(element);
      rest = rest.slice(start[0].length);
      continue;
    }
    const text = TEXT.exec(rest)!;
    if (top) top.text += decodeAttr(text[0]);
    rest = rest.slice(text[0].length);
  }
  return root!;
}

/** The document with every CDATA section taken out: what must hold no markdown. */
export function outsideCdata(xml: string): string {
  return xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
}
