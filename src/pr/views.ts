// How a PR digest shows each changed symbol (pure): the views the packer tries, best first.
//
// Decision (one rule, for a person and a model alike): a modified function or method is shown WHOLE,
// as a `diff` fence: every line of the symbol, `+` added, `-` deleted (so a fix that only deletes a
// line still shows it), ` ` unchanged. Reading the whole function with its change marked is how a
// reviewer reads a change; the unchanged lines are the context a model needs to judge it. When that
// does not fit, the same fence cut to its hunks (3 lines of context, `@@` headers) is shown instead,
// and a note says so. A modified class or module is always shown as its hunks: its body holds other
// definitions (symbols of their own), and a one-import change must not bring all module-level code.
// A changed header is also said in one line, old -> new, since it is what breaks callers (a long one
// folded to its changed parameters, signatureDelta.ts).
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
}

const HUNK_CONTEXT = 3;

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

function signatureNote(info: SymbolChangeInfo | undefined): string | undefined {
  if (!info?.signature) return undefined;
  const { before, after } = signatureDelta(info.signature.before, info.signature.after);
  return `Signature changed: ${codeSpan(before)} -> ${codeSpan(after)}`;
}

const defined = (notes: (string | undefined)[]): string[] => notes.filter((n): n is string => n !== undefined);

/** The views of one changed symbol, best first (the packer packs the first that fits). */
export function viewsOf(input: ViewInput): ItemView[] {
  const { change, symbol, info } = input;
  const changedBody = info !== undefined && hasChange(info.lines);
  const lead = defined([input.sameName ? definitionNote(symbol, input.sameName) : undefined, moveNote(input.move, changedBody), signatureNote(info)]);
  const signatureOnly = (why: string): ItemView => ({ text: symbol.signature, mode: 'signature', change, notes: [...lead, why] });
  if (change === 'removed') {
    return [
      { text: symbol.full, mode: 'full', change, ...(lead.length ? { notes: lead } : {}) },
      signatureOnly('Signature only: its removed code did not fit.'),
    ];
  }
  if (change === 'added' && !input.move?.movedFrom) {
    return [{ text: symbol.full, mode: 'full', change, ...(lead.length ? { notes: lead } : {}) }, signatureOnly('Signature only: its code did not fit.')];
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
    notes: [...lead, ...unknown],
  };
  const hasBody = symbol.kind === 'module' || symbol.kind === 'class';
  if (hasBody) {
    const what = symbol.kind === 'module' ? 'Module-level code' : 'Class body (its methods are listed on their own)';
    // Its calls on other lines belong to code that is not shown (an added import at the top of a module
    // would otherwise bring in the decorators its functions are wrapped in).
    const hunksView: ItemView = { ...hunks, notes: [...lead, ...unknown, `${what}: only the changed lines, with ${HUNK_CONTEXT} lines of context.`], callsOn: changedHeadLines(info.lines) };
    return [hunksView, { ...signatureOnly('Signature only: its changed lines did not fit.'), callsOn: changedHeadLines(info.lines) }];
  }
  const whole: ItemView = { text: wholeDiffText(info.lines), mode: 'full', change, fence: 'diff', ...(lead.length || unknown.length ? { notes: [...lead, ...unknown] } : {}) };
  return [whole, { ...hunks, notes: [...lead, ...unknown, `Only its changed lines, with ${HUNK_CONTEXT} lines of context: the whole ${symbol.kind} did not fit.`] }, signatureOnly('Signature only: not even its changed lines fit.')];
}
