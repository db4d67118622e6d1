import type { Severity } from '../checks/types.js';
import { terminalSafe } from '../util/terminal-safe.js';
import type { Formatter } from './types.js';
import { summaryLine, wording } from './util.js';

const ICONS: Record<Severity, string> = { error: '❌ error', warning: '⚠️ warning', info: 'ℹ️ info' };

/**
 * Escape untrusted text for a GitHub-flavoured Markdown table cell: HTML (&, <, >) as entities,
 * Markdown punctuation backslashed, pipes escaped, controls and line breaks made visible/flattened.
 */
export function escapeMarkdown(text: string): string {
  return terminalSafe(text.replace(/\r\n|\r|\n/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#|~!])/g, '\\$1');
}

/** For CI step summaries ($GITHUB_STEP_SUMMARY) and PR comments: a heading, the counts and one table row per finding. */
export const formatMarkdown: Formatter = (result) => {
  const lines: string[] = [];
  const status = result.summary.error ? '❌' : result.summary.warning ? '⚠️' : '✅';
  lines.push(`## ${status} mcpns: ${summaryLine(result.summary)}`, '');
  if (result.targets.length) lines.push(`Targets: ${result.targets.map(escapeMarkdown).join(', ')}`);
  if (result.baselined !== undefined) lines.push('', `${result.baselined} finding(s) already in the baseline are not shown.`);
  if (result.ignored !== undefined) lines.push('', `${result.ignored} finding(s) ignored by config.`);
  lines.push('');
  if (!result.findings.length) {
    lines.push('No findings.');
  } else {
    lines.push('| Severity | Code | Target | Name | Message | How to fix |', '|---|---|---|---|---|---|');
    for (const finding of result.findings) {
      const { message, hint } = wording(finding, 500);
      lines.push(
        `| ${ICONS[finding.severity]} | ${finding.code} | ${escapeMarkdown(finding.target ?? '')} | ${escapeMarkdown(finding.name ?? '')} | ${escapeMarkdown(message)} | ${escapeMarkdown(hint ?? '')} |`,
      );
    }
  }
  for (const { target, note } of result.notes ?? []) lines.push('', `> **Note** (${escapeMarkdown(target)}): ${escapeMarkdown(note)}`);
  return lines.join('\n') + '\n';
};
