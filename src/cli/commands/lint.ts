import type { Command } from '@commander-js/extra-typings';
import { registerCheckCommand } from '../services/check-command.js';
import { codesHelp } from '../services/codes-help.js';
import type { CommandHost } from '../services/command.js';

/** `mcpns lint`: naming-convention and tool-definition findings. */
export function registerLint(program: Command, host: CommandHost): void {
  registerCheckCommand(program, host, {
    name: 'lint',
    description: 'check tool names and definitions against the MCP spec and your namespaces (prefix, pattern, case)',
    families: ['lint'],
    help: `
${codesHelp('lint')}
Config "ignore" entries need a reason.

Examples:
  mcpns lint
  mcpns lint --profile single
  mcpns lint --catalog catalog.json --format junit -o lint.xml
  mcpns lint --ignore MISSING_DESCRIPTION --fail-on warning

Exit codes: 0 nothing at --fail-on · 1 findings at or above --fail-on · 2 usage/config error.`,
  });
}
