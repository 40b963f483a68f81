// How a PR digest shows each changed symbol (pure): the views the packer tries, best first.
//
// Decision (one rule, for a person and a model alike): a modified function or method is shown WHOLE,
// as a `diff` fence: every line of the symbol, `+` added, `-` deleted (so a fix that only deletes a
// line still shows it), ` ` unchanged. Reading the whole function with its change marked is how a
// reviewer reads a change; the unchanged lines are the context a model needs to judge it. When that
// does not fit, the same fence cut to its hunks (3 lines of context, `@@` headers) is shown instead,
// then with 1 line of context (the last view that still shows every changed line; a note says so),
// and only then its signature. A modified class or module is always shown as its hunks: its body holds other
// definitions (symbols of their own), and a one-import change must not bring all module-level code.
// A changed header is also said in one line, old -> new, since it is what breaks callers (a long one
// folded to its changed parameters, signatureDelta.ts); above a diff only when that folding makes it
// shorter than the header's own `-`/`+` lines, which otherwise say the same.
// Added code is shown as code (a diff of only `+` lines adds nothing), then as its signature; removed
// code as it was in base (its heading says so, markdown.ts); a moved or renamed symbol once, at its new
// place, as a diff against the body it came from.

import { hunksText, wholeDiffText } from '../diff/diffText.js';
import { isOverload } from '../diff/signatureDiff.js';
import { changedHeadLines, hasChange, type MoveFields, type SymbolChangeInfo } from '../diff/symbolDiff.js';
import type { PySymbol } from '../model.js';
import type { ItemView } from '../pack/document.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';
import { signatureDelta } from './signatureDelta.js';

export interface ViewInput {
  change: 'added' | 'modified' | 'removed';
  symbol: PySymbol;
  info?: SymbolChangeInfo;
  move?: MoveFields;
  /** Other definitions of the same scope (for `#2` ids), in source order; the symbol itself included. */
  sameName?: readonly PySymbol[];
  /** A class's direct members that are changed symbols of their own (shown on their own, never inside its smaller views). */
  changedMembers?: readonly PySymbol[];
  /** A new file's definitions at its top level, when every one is a plain addition: its module is shown as the whole file first. */
  fileMembers?: readonly PySymbol[];
}

/**
 * An added or removed class without the members shown on their own: its header, docstring and
 * class-level lines, each member's span left out (its stub would repeat the member's own block).
 */
export function classOwnText(symbol: PySymbol, members: readonly PySymbol[]): string {
  const lines = symbol.full.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = symbol.startLine + i;
    if (members.some((m) => line >= m.startLine && line <= m.endLine)) continue;
    if (lines[i]!.trim() === '' && (out.length === 0 || out[out.length - 1]!.trim() === '')) continue;
    out.push(lines[i]!);
  }
  while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
  return out.join('\n');
}

const HUNK_CONTEXT = 3;
/** Context of the smallest view that still shows every changed line. */
const TIGHT_CONTEXT = 1;

function ordinal(n: number): string {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${tail}`;
}

const isOverloadStub = (s: PySymbol): boolean => isOverload(s.decorators);

/** What a `#N` suffix means, in words ("3rd definition of `f`, the implementation after two `@overload`s"). */
export function definitionNote(symbol: PySymbol, sameName: readonly PySymbol[]): string | undefined {
  const m = /#(\d+)$/.exec(symbol.id);
  if (!m) return undefined;
  const n = Number(m[1]);
  const base = symbol.name.replace(/#\d+$/, '');
  const short = base.slice(base.lastIndexOf('.') + 1);
  const earlier = sameName.filter((s) => s !== symbol && s.startLine < symbol.startLine);
  const overloads = earlier.filter(isOverloadStub).length;
  let what: string;
  if (isOverloadStub(symbol)) what = 'an `@overload` signature';
  else if (earlier.length > 0 && overloads === earlier.length) what = `the implementation after ${plural(overloads, '`@overload`')}`;
  else what = 'a redefinition in the same scope (conditional or later): the one that runs last wins';
  return `${ordinal(n)} definition of ${codeSpan(short)}, ${what}.`;
}

function moveNote(move: MoveFields | undefined, changed: boolean): string | undefined {
  if (!move?.movedFrom) return undefined;
  const how = `${move.moveKind === 'renamed' ? 'Renamed' : 'Moved'} from ${codeSpan(move.movedFrom)}`;
  if (!changed) return `${how}, body unchanged.`;
  const similarity = move.similarity === undefined ? '' : ` (${Math.round(move.similarity * 100)}% similar)`;
  return `${how}${similarity}; the diff is against its old body.`;
}

/**
 * The one-line header change, and whether it says less than the header lines themselves: a long
 * header folded to its changed parameters summarises a diff of twenty `-`/`+` parameter lines, where a
 * short or wholly changed one repeats them (a typing sweep's overloads paid 110 tokens a block for it).
 */
function signatureNote(info: SymbolChangeInfo | undefined): { text: string; summarises: boolean } | undefined {
  if (!info?.signature) return undefined;
  const { before, after } = signatureDelta(info.signature.before, info.signature.after);
  const summarises = 2 * (before.length + after.length) <= info.signature.before.length + info.signature.after.length;
  return { text: `Signature changed: ${codeSpan(before)} -> ${codeSpan(after)}`, summarises };
}

const defined = (notes: (string | undefined)[]): string[] => notes.filter((n): n is string => n !== undefined);

/**
 * The one view of a mechanical change (annotation, docstring or formatting only, diff/changeClass.ts):
 * its changed lines with one line of context, packed after everything else (pack/tailItems.ts).
 */
export function mechanicalViews(input: ViewInput, what: string): ItemView[] {
  if (!input.info || !hasChange(input.info.lines)) return [];
  return [{ text: hunksText(input.info.lines, 1), mode: 'hunks', change: input.change, fence: 'diff', notes: [`${what}.`] }];
}

/**
 * A new file as one block, as the plain diff shows it: every line in order, its definitions inside it
 * (they are `contained in` the module, never shown again). A heading per definition costs a
 * file of thirty small classes a quarter of a small budget. Where it is not taken (pack/rootViews.ts),
 * the module's own code and each definition are shown on their own, as for any added code.
 */
function wholeFileView(input: ViewInput): ItemView | undefined {
  const members = input.fileMembers ?? [];
  const diff = input.info?.lines ?? [];
  // Only the file as git holds it, every line in order (without git, an added module's text is its own code alone).
  const whole = diff.every((l, i) => l.tag === '+' && l.newLine === i + 1);
  if (members.length === 0 || !whole || members.some((m) => m.endLine > diff.length)) return undefined;
  const lines = diff.map((l) => l.text);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return { text: lines.join('\n'), mode: 'full', change: 'added', holds: members.map((m) => m.id) };
}

/** The views of one changed symbol, best first (the packer packs the first that fits). */
export function viewsOf(input: ViewInput): ItemView[] {
  const { change, symbol, info } = input;
  const changedBody = info !== undefined && hasChange(info.lines);
  const signature = signatureNote(info);
  const notesBefore = defined([input.sameName ? definitionNote(symbol, input.sameName) : undefined, moveNote(input.move, changedBody)]);
  // Views that show the code, not its diff, say the header change; a diff's `-`/`+` lines show it, so
  // there the note stays only where it summarises them.
  const lead = defined([...notesBefore, signature?.text]);
  const diffLead = defined([...notesBefore, signature?.summarises ? signature.text : undefined]);
  const members = symbol.kind === 'class' ? (input.changedMembers ?? []) : [];
  const signatureOnly = (why: string): ItemView =>
    members.length > 0
      ? { text: classOwnText(symbol, members), mode: 'signature', change, notes: [...lead, `Class body only: its code did not fit whole; its ${plural(members.length, `${change} member`)} ${members.length === 1 ? 'is' : 'are'} shown on ${members.length === 1 ? 'its' : 'their'} own.`] }
      : { text: symbol.signature, mode: 'signature', change, notes: [...lead, why] };
  if (change === 'removed') {
    return [
      { text: symbol.full, mode: 'full', change, ...(lead.length ? { notes: lead } : {}) },
      signatureOnly('Signature only: its removed code did not fit.'),
    ];
  }
  if (change === 'added' && !input.move?.movedFrom) {
    const own: ItemView[] = [{ text: symbol.full, mode: 'full', change, ...(lead.length ? { notes: lead } : {}) }, signatureOnly('Signature only: its code did not fit.')];
    const file = symbol.kind === 'module' ? wholeFileView(input) : undefined;
    return file === undefined ? own : [file, ...own];
  }
  if (!info || !changedBody) {
    return [{ text: symbol.full, mode: 'full', change, ...(lead.length ? { notes: lead } : {}) }, signatureOnly('Signature only: its code did not fit.')];
  }
  const unknown = info.baseUnknown ? ['Base version not available: deleted lines are unknown; `+` marks the new lines.'] : [];
  const hunks: ItemView = {
    text: hunksText(info.lines, HUNK_CONTEXT),
    mode: 'hunks',
    change,
    fence: 'diff',
    notes: [...diffLead, ...unknown],
  };
  // The last view that still shows every changed line: one line of context around each (its `@@`
  // headers say so). Taken when the budget is short, it drops the signature note: its `-`/`+` lines
  // show the header, and on a change threading a parameter through ten methods the notes cost as much
  // as the code.
  const tight = (notes: string[]): ItemView[] => {
    const text = hunksText(info.lines, TIGHT_CONTEXT);
    const kept = notes.filter((n) => n !== signature?.text);
    return text === hunks.text ? [] : [{ text, mode: 'hunks', change, fence: 'diff', ...(kept.length > 0 ? { notes: kept } : {}) }];
  };
  const hasBody = symbol.kind === 'module' || symbol.kind === 'class';
  if (hasBody) {
    // A module's hunks are its module-level code: the heading's `(module, hunks)` says so, and its
    // definitions' changes are blocks of their own beside it. A class's hunks say where its methods
    // are. The `@@` headers and the lines give the context: a sweep adding an import to 25 modules
    // paid a 14-token note on each.
    const notes = [...diffLead, ...unknown, ...(symbol.kind === 'class' ? ['Class body only: its methods are listed on their own.'] : [])];
    // Its calls on other lines belong to code that is not shown (an added import at the top of a module
    // would otherwise bring in the decorators its functions are wrapped in).
    const callsOn = changedHeadLines(info.lines);
    const { notes: _, ...bare } = hunks;
    const hunksView: ItemView = { ...bare, ...(notes.length > 0 ? { notes } : {}), callsOn };
    return [hunksView, ...tight(notes).map((v) => ({ ...v, callsOn })), { ...signatureOnly('Signature only: its changed lines did not fit.'), callsOn }];
  }
  const whole: ItemView = { text: wholeDiffText(info.lines), mode: 'full', change, fence: 'diff', ...(diffLead.length || unknown.length ? { notes: [...diffLead, ...unknown] } : {}) };
  // The hunks view says nothing more than its heading's `hunks` (`@@` headers, 3 lines of context): a
  // note on each of dozens of changed functions would cost the lines of another.
  const hunksNotes = [...diffLead, ...unknown];
  return [whole, { ...hunks, ...(hunksNotes.length > 0 ? { notes: hunksNotes } : {}) }, ...tight(hunksNotes), signatureOnly('Signature only: not even its changed lines fit.')];
}
