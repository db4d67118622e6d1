import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/checks/rules/index.js';
import { SEVERITY_SETTINGS } from '../../src/config/severity.js';
import { runCli } from '../helpers/cli.js';

const root = resolve(import.meta.dirname, '../..');
const checksPage = readFileSync(resolve(root, 'docs/checks.md'), 'utf8');

/** "CODE severity" pairs the help's codes block lists. */
function listedCodes(help: string): Map<string, string> {
  const block = help.slice(help.indexOf('Codes and their default severity'));
  return new Map([...block.matchAll(/\b([A-Z][A-Z_]+[A-Z]) (error|warning|info)\b/g)].map((match) => [match[1]!, match[2]!]));
}

describe('the checking commands’ help lists their codes from the rules', () => {
  for (const command of ['check-conflicts', 'lint', 'check'] as const) {
    it(`${command} --help: every code it reports, with its default severity, and the severities config accepts`, async () => {
      const run = await runCli([command, '--help'], { cwd: root });
      expect(run.code).toBe(0);
      const expected = RULES.filter((rule) => rule.reportedBy.includes(command)).map((rule) => [rule.code, rule.severity]);
      expect([...listedCodes(run.stdout)]).toEqual(expected);
      expect(run.stdout).toContain(`Config "rules" sets a code's severity: ${SEVERITY_SETTINGS.join('|')}.`);
    });
  }

  it('check-conflicts --help names NAME_REFUSED (issue 25 §4.11)', async () => {
    const run = await runCli(['check-conflicts', '--help'], { cwd: root });
    expect(listedCodes(run.stdout).get('NAME_REFUSED')).toBe('error');
  });

  it('docs/checks.md names the same severities config accepts as lint --help, and every code of check-conflicts and lint', () => {
    const sentence = /Severity per code from config `rules`\s+\(([^)]*)\)/.exec(checksPage)?.[1] ?? '';
    const named = new Set([...sentence.matchAll(/`([a-z]+)`/g)].map((match) => match[1]));
    expect([...named].sort()).toEqual([...SEVERITY_SETTINGS].sort());
    for (const rule of RULES.filter((rule) => rule.reportedBy.includes('check-conflicts') || rule.reportedBy.includes('lint'))) {
      expect(checksPage, rule.code).toContain(`\`${rule.code}\``);
    }
  });
});
