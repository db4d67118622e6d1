import type { Format } from '../../report/index.js';
import type { Runtime } from './command.js';
import { outputFile, writeOutputFile, type OutputFile } from './write-output.js';

/** A report's text: one string, or parts for a report too large to hold as one (JSON, formatJsonParts). */
export type ReportText = string | Iterable<string>;

/**
 * Put a report where --output says: stdout (coloured text when the console allows it) or a file (never coloured,
 * written atomically, with a status line on stderr), each scrubbed of the run's secrets. `render(color)` builds the report text; parts are written a part
 * at a time to either.
 */
export async function emitReport(runtime: Runtime, target: OutputFile | undefined, format: Format, render: (color: boolean) => ReportText): Promise<void> {
  if (!target) {
    const text = render(format === 'text' && runtime.console.color);
    if (typeof text === 'string') runtime.console.out(text);
    else await runtime.console.outParts(text);
    return;
  }
  writeOutputFile(target, runtime.console.scrubbedForFile(render(false)));
  runtime.console.status(`wrote ${format} report to ${target.shown}`, { file: target.shown, format });
}

/** Where the --report files go, checked before any server is started (a directory or a link there is exit 2). */
export function extraReportFiles(cwd: string, reports: readonly { format: Format; file: string }[]): { format: Format; target: OutputFile }[] {
  return reports.map(({ format, file }) => ({ format, target: outputFile(cwd, file, `--report ${format}=`) as OutputFile }));
}

/** The --report files of the same result, each never coloured, written like --output. */
export async function emitExtraReports(
  runtime: Runtime,
  reports: readonly { format: Format; target: OutputFile }[],
  render: (format: Format) => ReportText,
): Promise<void> {
  for (const { format, target } of reports) await emitReport(runtime, target, format, () => render(format));
}
