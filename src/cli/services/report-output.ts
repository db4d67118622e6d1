import type { Format } from '../../report/index.js';
import type { Runtime } from './command.js';
import { writeOutputFile, type OutputFile } from './write-output.js';

/**
 * Put a report where --output says: stdout (coloured text when the console allows it) or a file (never coloured,
 * written atomically, with a status line on stderr). `render(color)` builds the report text.
 */
export function emitReport(runtime: Runtime, target: OutputFile | undefined, format: Format, render: (color: boolean) => string): void {
  if (!target) {
    runtime.console.out(render(format === 'text' && runtime.console.color));
    return;
  }
  writeOutputFile(target, render(false));
  runtime.console.status(`wrote ${format} report to ${target.shown}`, { file: target.shown, format });
}
