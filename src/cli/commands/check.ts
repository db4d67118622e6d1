import type { Command } from '@commander-js/extra-typings';
import { registerCheckCommand } from '../services/check-command.js';
import { codesHelp } from '../services/codes-help.js';
import type { CommandHost } from '../services/command.js';

/** `mcpns check`: check-conflicts + lint in one run, one report, one exit code. */
export function registerCheck(program: Command, host: CommandHost): void {
  registerCheckCommand(program, host, {
    name: 'check',
    description: 'check-conflicts and lint in one run and one report (the CI entry point)',
    families: ['conflicts', 'lint'],
    help: `
${codesHelp('check')}

Examples:
  mcpns check
  mcpns check --profile single --preset claude-code,openai
  mcpns check --format github                      # annotations on the config lines of the servers
  mcpns check --format sarif -o mcpns.sarif        # upload with github/codeql-action/upload-sarif
  mcpns check --format markdown >> "$GITHUB_STEP_SUMMARY"
  mcpns check --baseline .mcpns-baseline.json      # fail only on new findings

Exit codes: 0 nothing at --fail-on · 1 findings at or above --fail-on · 2 usage/config error.`,
  });
}
