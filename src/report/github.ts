import type { Severity } from '../checks/types.js';
import { terminalSafe } from '../util/terminal-safe.js';
import type { Formatter } from './types.js';
import { locateFinding, summaryLine, wording } from './util.js';

const COMMANDS: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Workflow-command data escaping (actions/toolkit `escapeData`). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property escaping (actions/toolkit `escapeProperty`): also ":" and ",". */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * GitHub Actions annotations: `::error file=<config file>,line=<line of the server entry>,title=mcpns <CODE>::<message>`.
 * Findings without a config location are annotations without a file (they show on the run summary).
 */
export const formatGithub: Formatter = (result, options) => {
  const lines: string[] = [];
  for (const finding of result.findings) {
    const { message, hint } = wording(finding, 4000);
    const [location] = locateFinding(finding, options.config, options.cwd);
    const properties: string[] = [];
    if (location) {
      properties.push(`file=${escapeProperty(location.file)}`);
      if (location.line !== undefined) properties.push(`line=${location.line}`);
      if (location.column !== undefined) properties.push(`col=${location.column}`);
    }
    properties.push(`title=${escapeProperty(`mcpns ${finding.code}`)}`);
    const text = terminalSafe(message) + (hint ? `\nhint: ${terminalSafe(hint)}` : '');
    lines.push(`::${COMMANDS[finding.severity]} ${properties.join(',')}::${escapeData(text)}`);
  }
  lines.push(`mcpns: ${summaryLine(result.summary)}${result.baselined !== undefined ? ` (${result.baselined} baselined)` : ''}`);
  return lines.join('\n') + '\n';
};
