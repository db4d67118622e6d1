import type { ReportingCommand } from '../../checks/rules/define.js';
import { RULES } from '../../checks/rules/index.js';
import { SEVERITY_SETTINGS } from '../../config/severity.js';

const WIDTH = 100;

/**
 * The help text's list of the codes a command reports, each with its default severity, read off the rules
 * (src/checks/rules/, the source of docs/rules.md), and what config `rules` may set them to.
 */
export function codesHelp(command: ReportingCommand): string {
  const items = RULES.filter((rule) => rule.reportedBy.includes(command) && rule.lifecycle !== 'deprecated').map(
    (rule) => `${rule.code} ${rule.severity}${rule.lifecycle === 'preview' ? ' (preview)' : ''}`,
  );
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 3 + item.length <= WIDTH) lines[lines.length - 1] = `${last} · ${item}`;
    else lines.push(`  ${item}`);
  }
  return [
    'Codes and their default severity (docs/rules.md explains each one):',
    ...lines,
    `Config "rules" sets a code's severity: ${SEVERITY_SETTINGS.join('|')}.`,
  ].join('\n');
}
