import { join, resolve } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import type { LoadOptions } from '../load-options.js';
import { claudeRuleHasContent } from './claude-names.js';
import { isRecord } from './entry.js';
import { claudeJsonPath, samePath, shownPath } from './paths.js';
import { MAX_CONFIG_BYTES, readRegularFile } from '../../util/read-file.js';

/**
 * Claude Code's approval lists for a project's `.mcp.json` servers, gathered from every settings scope
 * (https://code.claude.com/docs/en/settings): managed > local (`.claude/settings.local.json`) > project
 * (`.claude/settings.json`) > user (`~/.claude/settings.json`), plus the per-project state in `~/.claude.json`
 * where the approval dialog records its answers. Array settings are concatenated across scopes (the docs: "arrays are
 * concatenated and deduplicated, not replaced"), so a rejection anywhere wins; `enableAllProjectMcpServers` is a
 * scalar: the most specific scope that sets it decides.
 */
export interface ClaudeApprovals {
  /** `disabledMcpjsonServers`: name → the file that rejects it. */
  rejected: Map<string, string>;
  /** `enabledMcpjsonServers`: name → the file that approves it. */
  approved: Map<string, string>;
  /** `enableAllProjectMcpServers` from the most specific scope that sets it. */
  approveAll?: { value: boolean; file: string };
  /** `~/.claude.json` `projects[<root>].disabledMcpServers` (the /mcp toggle): name → file. */
  toggledOff: Map<string, string>;
  /** Content-less `permissions.deny` rules naming MCP tools (`mcp__…`), from every settings scope, with their file. */
  deny: Array<{ rule: string; file: string }>;
}

/** Managed settings paths per platform (the first that exists is used). */
function managedSettingsFiles(): string[] {
  return [
    '/Library/Application Support/ClaudeCode/managed-settings.json',
    '/etc/claude-code/managed-settings.json',
    'C:\\Program Files\\ClaudeCode\\managed-settings.json',
  ];
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = parseLoose(readRegularFile(file, MAX_CONFIG_BYTES), [], { allowTrailingComma: true });
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The approvals that apply to the `.mcp.json` of `projectRoot`. */
export function readClaudeApprovals(projectRoot: string, options: LoadOptions): ClaudeApprovals {
  const userDir = options.env['CLAUDE_CONFIG_DIR'] || join(options.home, '.claude');
  const managed = managedSettingsFiles().find((file) => readJson(file) !== undefined);
  // Most specific first: the first scope that sets enableAllProjectMcpServers decides.
  const scopes = [
    ...(managed ? [managed] : []),
    join(projectRoot, '.claude', 'settings.local.json'),
    join(projectRoot, '.claude', 'settings.json'),
    join(userDir, 'settings.json'),
  ];
  const approvals: ClaudeApprovals = { rejected: new Map(), approved: new Map(), toggledOff: new Map(), deny: [] };
  const record = (settings: Record<string, unknown>, shown: string): void => {
    for (const name of names(settings['disabledMcpjsonServers'])) if (!approvals.rejected.has(name)) approvals.rejected.set(name, shown);
    for (const name of names(settings['enabledMcpjsonServers'])) if (!approvals.approved.has(name)) approvals.approved.set(name, shown);
    const all = settings['enableAllProjectMcpServers'];
    if (typeof all === 'boolean' && approvals.approveAll === undefined) approvals.approveAll = { value: all, file: shown };
  };
  for (const file of scopes) {
    const settings = readJson(file);
    if (!settings) continue;
    const shown = shownPath(file, options.cwd);
    record(settings, shown);
    // Permission rules live in settings files only (the per-project state below holds approvals).
    const permissions = settings['permissions'];
    for (const rule of names(isRecord(permissions) ? permissions['deny'] : undefined)) {
      if (rule.startsWith('mcp__') && !claudeRuleHasContent(rule)) approvals.deny.push({ rule, file: shown });
    }
  }
  const stateFile = claudeJsonPath(options);
  const state = readJson(stateFile);
  const projects = state && isRecord(state['projects']) ? state['projects'] : {};
  for (const [path, project] of Object.entries(projects)) {
    if (!samePath(path, resolve(projectRoot)) || !isRecord(project)) continue;
    const shown = shownPath(stateFile, options.cwd);
    record(project, shown);
    for (const name of names(project['disabledMcpServers'])) approvals.toggledOff.set(name, shown);
  }
  return approvals;
}
