import type { Finding, Severity } from '../checks/types.js';
import { terminalSafe } from '../util/terminal-safe.js';
import type { Formatter } from './types.js';
import { locateFinding, SEVERITIES, summaryLine, wording } from './util.js';

/** Minimal ANSI palette: reporters stay free of chalk and of the terminal; colour is decided by the caller. */
function palette(color: boolean) {
  const wrap = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { red: wrap(31, 39), yellow: wrap(33, 39), cyan: wrap(36, 39), green: wrap(32, 39), bold: wrap(1, 22), dim: wrap(2, 22) };
}

const HEADINGS: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

/**
 * Human output grouped by severity: code, target, message, hint and the config line of the server.
 * Every piece of server-provided text goes through terminalSafe and is clipped.
 */
export const formatText: Formatter = (result, options) => {
  const paint = palette(options.color);
  const tone: Record<Severity, (text: string) => string> = { error: paint.red, warning: paint.yellow, info: paint.cyan };
  const lines: string[] = [];
  for (const severity of SEVERITIES) {
    const group = result.findings.filter((finding) => finding.severity === severity);
    if (!group.length) continue;
    lines.push(tone[severity](paint.bold(`${HEADINGS[severity]} (${group.length})`)));
    for (const finding of group) lines.push(...findingLines(finding, options, paint, tone[severity]));
    lines.push('');
  }
  for (const { target, note } of result.notes ?? []) lines.push(paint.yellow(`note: ${terminalSafe(target)}: ${terminalSafe(note)}`));
  // Drift reports have no naming targets: say nothing rather than "targets: (none)".
  const targets = result.targets.length ? ` · targets: ${result.targets.map((target) => terminalSafe(target)).join(', ')}` : '';
  const extras: string[] = [];
  if (result.baselined !== undefined) extras.push(`${result.baselined} baselined`);
  if (result.ignored !== undefined) extras.push(`${result.ignored} ignored by config`);
  const suffix = extras.length ? ` (${extras.join(', ')})` : '';
  if (!result.findings.length) lines.push(`${paint.green('✓')} no findings${suffix}${targets}`);
  else {
    const mark = result.summary.error ? paint.red('✗') : result.summary.warning ? paint.yellow('!') : paint.green('✓');
    lines.push(`${mark} ${summaryLine(result.summary)}${suffix}${targets}`);
  }
  return lines.join('\n') + '\n';
};

function findingLines(finding: Finding, options: Parameters<Formatter>[1], paint: ReturnType<typeof palette>, tone: (text: string) => string): string[] {
  const { message, hint } = wording(finding, 1000);
  const target = finding.target !== undefined ? ` ${paint.dim(`[${terminalSafe(finding.target)}]`)}` : '';
  const lines = [`  ${tone(finding.code)}${target} ${terminalSafe(message)}`];
  if (hint) lines.push(`    ${paint.dim('hint:')} ${terminalSafe(hint)}`);
  const locations = locateFinding(finding, options.config, options.cwd).filter((location) => location.line !== undefined);
  if (locations.length) {
    const shown = locations.slice(0, 5).map((location) => `${terminalSafe(location.file)}:${location.line}`);
    lines.push(`    ${paint.dim(`at ${shown.join(', ')}${locations.length > 5 ? ` and ${locations.length - 5} more` : ''}`)}`);
  }
  return lines;
}
