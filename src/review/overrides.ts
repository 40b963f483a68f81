// Whether an overriding method can still be called the way the method it overrides is (pure).
//
// Decision: the override must accept every call the base signature accepts (callers reach it through
// the base's contract): each positional slot of the base, by position and, for a
// positional-or-keyword one, by name (unless the override takes `**kwargs`); each keyword-only name;
// `*args` / `**kwargs` where the base has them; and it may require nothing a caller of the base may
// leave out. Parameter types are not compared. Both lists arrive without the bound first parameter.
import type { Param } from '../model.js';

function isPositional(p: Param): boolean {
  return p.kind === 'positional_only' || p.kind === 'regular';
}

function list(params: readonly Param[]): string {
  return params.map((p) => `\`${p.name}\``).join(', ');
}

/** Why `override` no longer fits `base`, or undefined when every call of the base binds to it. */
export function overrideMismatch(base: readonly Param[], override: readonly Param[], baseName: string): string | undefined {
  const bPos = base.filter(isPositional);
  const oPos = override.filter(isPositional);
  const oVarPos = override.some((p) => p.kind === 'var_positional');
  const oVarKw = override.some((p) => p.kind === 'var_keyword');
  if (bPos.length > oPos.length && !oVarPos) {
    return `takes ${oPos.length} positional parameter${oPos.length === 1 ? '' : 's'} (${list(oPos) || 'none'}) where \`${baseName}\` takes ${bPos.length} (${list(bPos)})`;
  }
  for (let i = 0; i < Math.min(bPos.length, oPos.length); i++) {
    const b = bPos[i]!;
    const o = oPos[i]!;
    if (b.kind === 'regular' && (o.name !== b.name || o.kind === 'positional_only') && !oVarKw) {
      return `parameter ${i + 1} is \`${o.name}\` where \`${baseName}\` has \`${b.name}\` (callers may pass \`${b.name}=\`)`;
    }
  }
  for (const b of base) {
    if (b.kind !== 'keyword_only') continue;
    const ok = override.some((o) => o.name === b.name && (o.kind === 'keyword_only' || o.kind === 'regular'));
    if (!ok && !oVarKw) return `does not accept \`${b.name}=\`, which \`${baseName}\` takes`;
  }
  if (base.some((p) => p.kind === 'var_positional') && !oVarPos) return `has no \`*args\`, which \`${baseName}\` takes`;
  if (base.some((p) => p.kind === 'var_keyword') && !oVarKw) return `has no \`**kwargs\`, which \`${baseName}\` takes`;
  for (let j = 0; j < oPos.length; j++) {
    const o = oPos[j]!;
    if (o.default !== undefined) continue;
    const b = bPos[j];
    if (!b) return `requires \`${o.name}\`, which \`${baseName}\` does not take`;
    if (b.default !== undefined) return `requires \`${o.name}\`, which callers of \`${baseName}\` may leave out`;
  }
  for (const o of override) {
    if (o.kind !== 'keyword_only' || o.default !== undefined) continue;
    const b = base.find((p) => p.name === o.name && p.kind !== 'var_positional' && p.kind !== 'var_keyword');
    if (!b || b.default !== undefined) return `requires \`${o.name}=\`, which callers of \`${baseName}\` may leave out`;
  }
  return undefined;
}
