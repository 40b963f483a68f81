// Binds one call's argument shape against a signature with Python's own rules (pure).
//
// Decisions:
// - Only what Python itself would reject is "broken": too many positional arguments, an unexpected
//   or positional-only keyword, an argument given twice, a required parameter left out. What depends
//   on run-time values (`*xs` / `**kw` at the call, an argument list too long to read) is "check",
//   except where the splat cannot help: an explicit keyword the signature cannot take is broken
//   whatever `*xs` holds, and `*xs` never fills a keyword-only parameter.
// - The caller decides whether the first parameter is already bound (self / cls / constructor):
//   `params` arrive with it removed.
import type { CallShape, Param } from '../model.js';

export type BindResult = { status: 'ok' } | { status: 'broken'; reason: string } | { status: 'check'; reason: string };

const OK: BindResult = Object.freeze({ status: 'ok' });

function names(list: readonly string[]): string {
  return list.map((n) => `\`${n}\``).join(', ');
}

/**
 * `shape` undefined means a call with no arguments. `callee` names the function in messages
 * (`Client.get`); `before`, the base signature's parameters when the function changed, words a
 * rejected keyword as "no longer accepts".
 */
export function bindCall(shape: CallShape | undefined, params: readonly Param[], callee: string, before?: readonly Param[]): BindResult {
  if (shape?.unread) return { status: 'check', reason: `argument list too long to read; check it against \`${callee}\`` };
  const positional = shape?.positional ?? 0;
  const keywords = shape?.keywords ?? [];
  const star = shape?.star === true;
  const doubleStar = shape?.doubleStar === true;
  const slots = params.filter((p) => p.kind === 'positional_only' || p.kind === 'regular');
  const varPositional = params.some((p) => p.kind === 'var_positional');
  const varKeyword = params.some((p) => p.kind === 'var_keyword');
  const bound = new Set<string>();

  // Plain positional arguments are there whatever `*xs` holds: more than the slots is broken either way.
  if (positional > slots.length && !varPositional) {
    const more = star ? ' (and `*args`)' : '';
    return { status: 'broken', reason: `passes ${positional} positional argument${positional === 1 ? '' : 's'}${more}; \`${callee}\` takes at most ${slots.length}` };
  }
  // After `*xs` nobody knows which slots the plain ones fill.
  if (!star) for (const p of slots.slice(0, positional)) bound.add(p.name);

  for (const k of keywords) {
    const p = params.find((q) => q.name === k && q.kind !== 'var_positional' && q.kind !== 'var_keyword');
    if (p && p.kind !== 'positional_only') {
      if (bound.has(k)) return { status: 'broken', reason: `passes \`${k}\` both by position and as \`${k}=\`` };
      bound.add(k);
      continue;
    }
    if (varKeyword) continue; // goes to **kwargs (a positional-only name too)
    if (p) return { status: 'broken', reason: `passes \`${k}=\`, but \`${k}\` is positional-only in \`${callee}\`` };
    const accepted = before?.some((q) => q.name === k && q.kind !== 'positional_only' && q.kind !== 'var_positional' && q.kind !== 'var_keyword');
    return { status: 'broken', reason: `passes \`${k}=\`, which \`${callee}\` ${accepted ? 'no longer accepts' : 'does not accept'}` };
  }

  const required = params.filter((p) => p.default === undefined && p.kind !== 'var_positional' && p.kind !== 'var_keyword' && !bound.has(p.name));
  // `**kw` at the call may fill what can be passed by keyword; `*xs` what can be passed by position.
  const surelyMissing = required.filter((p) => {
    if (p.kind === 'keyword_only') return !doubleStar;
    if (p.kind === 'positional_only') return !star;
    return !star && !doubleStar;
  });
  if (surelyMissing.length > 0) {
    const list = surelyMissing.map((p) => p.name);
    return { status: 'broken', reason: `missing required ${list.length === 1 ? 'argument' : 'arguments'} ${names(list)} of \`${callee}\`` };
  }
  if (star || doubleStar) {
    const splat = [star ? '`*args`' : '', doubleStar ? '`**kwargs`' : ''].filter((s) => s !== '').join(' and ');
    return { status: 'check', reason: `passes ${splat}: whether it fits \`${callee}\` depends on run-time values` };
  }
  return OK;
}
