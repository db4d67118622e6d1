/** Argument parsers shared by the option groups: commander calls them with (value, previous). */
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { positiveIntegerValue } from './table.js';

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

/** `--report <format>=<file>`: one more report of the same run, in another format, written to a file. */
export interface ExtraReport {
  format: string;
  file: string;
}

/** Repeatable `--report format=file` (the format is checked against the command's formats where it is used). */
export function collectReport(value: string, previous: ExtraReport[] | undefined): ExtraReport[] {
  const equals = value.indexOf('=');
  const format = equals < 0 ? '' : value.slice(0, equals).trim();
  const file = equals < 0 ? '' : value.slice(equals + 1);
  if (!format || !file) throw new InvalidArgumentError(`expected <format>=<file>, e.g. sarif=mcpns.sarif, got "${value}"`);
  if (file === '-') throw new InvalidArgumentError(`--report writes to a file; the report on stdout is --format's`);
  return [...(previous ?? []), { format, file }];
}

/** A positive integer (commander reports the error as a usage error, exit 2). */
export function positiveInteger(value: string): number {
  const number = positiveIntegerValue(value);
  if (number === undefined) throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return number;
}

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** A size in bytes: `1048576`, `512KiB`, `64MiB`, `1g` (units are powers of 1024). */
export function byteSize(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match ? BYTE_UNITS[match[2]!.toLowerCase()] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new InvalidArgumentError(`expected a size such as 1048576, 512KiB or 64MiB, got "${value}"`);
  return bytes;
}
