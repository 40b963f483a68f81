// One string order for everything that reaches output.

/** Code-unit order: locale-independent, so output never depends on the machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
