// Validation of CLI option values. Each failure is a UsageError (exit 2) whose one line names the
// option, the value given and the form expected.
import { UsageError } from '../shared/errors.js';

export type ListFormat = 'table' | 'json';

export function parsePositiveInteger(option: string, value: string): number {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) <= 0 || !Number.isSafeInteger(Number(trimmed))) {
    throw new UsageError(`Invalid ${option} '${value}': expected a positive whole number`);
  }
  return Number(trimmed);
}

export function parseChoice<T extends string>(option: string, value: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Invalid ${option} '${value}': expected one of ${choices.join(', ')}`);
}

export function parseGlobList(values: string[] | undefined): string[] | undefined {
  if (!values || values.length === 0) return undefined;
  const globs = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  return globs.length > 0 ? globs : undefined;
}
