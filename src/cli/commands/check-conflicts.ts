import type { Command } from '@commander-js/extra-typings';
import { registerCheckCommand } from '../services/check-command.js';
import { codesHelp } from '../services/codes-help.js';
import type { CommandHost } from '../services/command.js';

/** `mcpns check-conflicts`: collision findings under every naming target. */
export function registerCheckConflicts(program: Command, host: CommandHost): void {
  registerCheckCommand(program, host, {
    name: 'check-conflicts',
    description: 'find tool-name collisions, ambiguous routes and wire-rule breaks under one or more naming targets',
    families: ['conflicts'],
    help: `
Targets: --preset/--style, else naming.targets from config, else slash,openai.
${codesHelp('check-conflicts')}

Examples:
  mcpns check-conflicts
  mcpns check-conflicts --preset claude-code,vscode,openai-agents
  mcpns check-conflicts --catalog catalog.json --format sarif -o mcpns.sarif
  mcpns check-conflicts --format github --fail-on warning
  mcpns check-conflicts --write-baseline .mcpns-baseline.json
  mcpns check-conflicts --baseline .mcpns-baseline.json --ignore SHADOWED_TOOL

Exit codes: 0 nothing at --fail-on · 1 findings at or above --fail-on (an unreachable server is an error) · 2 usage/config error, or --fail-fast and a server is unreachable.`,
  });
}
