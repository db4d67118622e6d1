/** Argument parsers shared by the option groups: commander calls them with (value, previous). */
import { InvalidArgumentError } from '@commander-js/extra-typings';

/** Repeatable option: every occurrence is kept, in order. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Repeatable, comma-separated option: `--x a,b --x c` → [a, b, c] (blank items dropped). */
export function collectCommaList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...splitCommaList(value)];
}

/** Split "a, b,,c" into ["a", "b", "c"]. */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A positive integer (commander reports the error as a usage error, exit 2). */
export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return number;
}
