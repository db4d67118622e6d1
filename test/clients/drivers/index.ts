import type { ClientDriver, ClientId, Scenario } from '../types.js';
import { claudeCodeDriver, claudeCodeScenarios } from './claude-code.js';
import { codexDriver, codexScenarios } from './codex.js';
import { geminiCliDriver, geminiCliScenarios } from './gemini-cli.js';
import { opencodeDriver, opencodeScenarios } from './opencode.js';

/** Every client of the suite with its scenarios. */
export const CLIENTS: Record<ClientId, { driver: ClientDriver; scenarios: Scenario[] }> = {
  'claude-code': { driver: claudeCodeDriver, scenarios: claudeCodeScenarios },
  codex: { driver: codexDriver, scenarios: codexScenarios },
  'gemini-cli': { driver: geminiCliDriver, scenarios: geminiCliScenarios },
  opencode: { driver: opencodeDriver, scenarios: opencodeScenarios },
};
