import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { UsageError } from '../../errors.js';
import { FAIL_ON, FORMATS, type Format } from '../../report/index.js';
import { collectCommaList, collectReport, type ExtraReport } from './parsers.js';
import { OPTIONS } from './table.js';

/**
 * Report options of the commands that produce findings (check, check-conflicts, lint, diff):
 * --format, --fail-on, --ignore and -o/--output. `--ignore` takes a space-separated list only where the command has
 * no positional arguments it could swallow.
 */
export function withReportOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
  shape: { hasPositionals: boolean } = { hasPositionals: false },
) {
  const ignore = shape.hasPositionals
    ? new Option(OPTIONS.ignoreOne.flags, OPTIONS.ignoreOne.description).argParser(collectCommaList)
    : new Option(OPTIONS.ignore.flags, OPTIONS.ignore.description).argParser(collectCommaList);
  return command
    .addOption(new Option(OPTIONS.format.flags, OPTIONS.format.description).choices(FORMATS))
    .addOption(new Option(OPTIONS.failOn.flags, OPTIONS.failOn.description).choices(FAIL_ON).default('error' as const))
    .addOption(ignore)
    .option(OPTIONS.output.flags, OPTIONS.output.description)
    .addOption(
      new Option(
        OPTIONS.report.flags,
        `also write the report in another format to a file, from the same run (repeatable; ${FORMATS.join(', ')}), e.g. sarif=mcpns.sarif`,
      ).argParser(collectReport),
    );
}

/** The --report requests with their formats checked (exit 2 on an unknown one, before any server is started). */
export function resolveExtraReports(reports: readonly ExtraReport[] | undefined): { format: Format; file: string }[] {
  return (reports ?? []).map(({ format, file }) => {
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(`--report ${format}=${file}: unknown format "${format}"`, { hint: `use one of ${FORMATS.join(', ')}` });
    }
    return { format: format as Format, file };
  });
}

/** --format wins, --json means json, else text; `--json --format text` is a contradiction (exit 2). */
export function resolveFormat(options: { format?: Format | undefined; json?: true | undefined }): Format {
  const format = options.format ?? (options.json ? 'json' : 'text');
  if (options.json && format !== 'json') throw new UsageError(`--json conflicts with --format ${format}`, { hint: 'use one of them' });
  return format;
}
