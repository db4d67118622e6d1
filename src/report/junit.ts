import type { Finding } from '../checks/types.js';
import { terminalSafe } from '../util/terminal-safe.js';
import type { Formatter } from './types.js';
import { locateFinding, wording } from './util.js';

/**
 * Escape text for XML 1.0 content and attributes: the five entities, control characters made visible
 * (XML 1.0 forbids most C0 controls even as references) and lone surrogates replaced.
 */
export function escapeXml(text: string): string {
  return terminalSafe(text, { multiline: true })
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/[\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

const suiteOf = (finding: Finding): string => finding.target ?? 'all targets';

/**
 * JUnit XML for CI test tabs: one <testsuite> per target (plus "all targets" for findings that do not
 * depend on one), one <testcase> per finding. Findings at or above `--fail-on` (default error) are <failure>s
 * (type = severity), as they fail the run; the others pass with the message in <system-out>. A suite with no
 * findings has one passing case.
 */
export const formatJunit: Formatter = (result, options) => {
  const failOn = options.failOn ?? 'error';
  const fails = (finding: Finding): boolean => failOn !== 'never' && (finding.severity === 'error' || (failOn === 'warning' && finding.severity === 'warning'));
  const suites = new Map<string, Finding[]>();
  for (const target of ['all targets', ...result.targets]) suites.set(target, []);
  for (const finding of result.findings) {
    const suite = suites.get(suiteOf(finding));
    if (suite) suite.push(finding);
    else suites.set(suiteOf(finding), [finding]);
  }
  const failures = result.findings.filter(fails).length;
  const total = [...suites.values()].reduce((sum, findings) => sum + Math.max(findings.length, 1), 0);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites name="mcpns" tests="${total}" failures="${failures}" errors="0">`);
  for (const [name, findings] of suites) {
    const suiteFailures = findings.filter(fails).length;
    out.push(`  <testsuite name="${escapeXml(`mcpns ${name}`)}" tests="${Math.max(findings.length, 1)}" failures="${suiteFailures}" errors="0" skipped="0">`);
    if (!findings.length) out.push(`    <testcase classname="mcpns" name="${escapeXml(`no findings (${name})`)}"/>`);
    for (const finding of findings) {
      const { message, hint } = wording(finding, 4000);
      const [location] = locateFinding(finding, options.config, options.cwd);
      const caseName = `${finding.code} ${finding.name ?? finding.server ?? ''}`.trim();
      const file = location ? ` file="${escapeXml(location.file)}"${location.line !== undefined ? ` line="${location.line}"` : ''}` : '';
      const body = hint ? `${message}\nhint: ${hint}` : message;
      out.push(`    <testcase classname="${escapeXml(`mcpns.${finding.code}`)}" name="${escapeXml(caseName)}"${file}>`);
      if (!fails(finding)) out.push(`      <system-out>${escapeXml(`${finding.severity}: ${body}`)}</system-out>`);
      else out.push(`      <failure type="${finding.severity}" message="${escapeXml(message)}">${escapeXml(body)}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
};
