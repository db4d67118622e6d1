import { realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import type { GeminiApprovalMode } from '../approval-mode.js';
import type { LoadOptions } from '../load-options.js';
import type { ServerGate, ToolGate } from '../model.js';
import { MAX_CONFIG_BYTES, readRegularFile, UnreadableFileError } from '../../util/read-file.js';
import { isRecord } from './entry.js';
import { geminiRuleCovers } from './gemini-names.js';
import { shownPath } from './paths.js';

interface Settings {
  file: string;
  shown: string;
  value: Record<string, unknown>;
}

function readSettings(file: string, cwd: string): Settings | undefined {
  try {
    const value: unknown = parseLoose(readRegularFile(file, MAX_CONFIG_BYTES), [], { allowTrailingComma: true });
    return isRecord(value) ? { file, shown: shownPath(file, cwd), value } : undefined;
  } catch {
    return undefined;
  }
}

const section = (settings: Settings | undefined, ...path: string[]): unknown => {
  let value: unknown = settings?.value;
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  return value;
};

/** The user (`~/.gemini/settings.json`) and project (`.gemini/settings.json`) settings Gemini CLI would merge. */
function geminiSettings(options: LoadOptions): { user?: Settings; project?: Settings } {
  const userFile = join(options.home, '.gemini', 'settings.json');
  const projectFile = join(resolve(options.cwd), '.gemini', 'settings.json');
  const user = readSettings(userFile, options.cwd);
  const project = projectFile === userFile ? undefined : readSettings(projectFile, options.cwd);
  return { ...(user ? { user } : {}), ...(project ? { project } : {}) };
}

/**
 * `tools.exclude` of the user and project settings (Gemini merges the two lists), with the file of each name: tools
 * Gemini CLI does not register, matched against its own names for MCP tools (client-filters.ts).
 */
export function geminiToolsExclude(options: LoadOptions): Array<{ name: string; file: string }> {
  const { user, project } = geminiSettings(options);
  const excluded: Array<{ name: string; file: string }> = [];
  for (const settings of [project, user]) {
    const list = section(settings, 'tools', 'exclude');
    if (!Array.isArray(list)) continue;
    for (const name of list) if (typeof name === 'string') excluded.push({ name, file: settings!.shown });
  }
  return excluded;
}

const canonical = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

const within = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * Gemini CLI's folder trust for the current folder (`checkPathTrust`): `GEMINI_CLI_TRUST_WORKSPACE=true` (what
 * `--skip-trust` sets) trusts it, `…=false` or `GEMINI_RESTRICTED_MODE=true` does not; with
 * `security.folderTrust.enabled: false` every folder is trusted; otherwise the rule in `trustedFolders.json` with the
 * longest path whose folder (TRUST_FOLDER, DO_NOT_TRUST) or its parent (TRUST_PARENT) holds the current folder
 * decides, and no rule means not trusted. `gemini -p` in a folder it does not trust exits with 55 before loading any
 * server (observed with Gemini CLI 0.61.0), so every one of its servers gets this gate.
 */
export function geminiFolderGate(options: LoadOptions): ServerGate | undefined {
  const env = options.env;
  const skip =
    'run `gemini trust` (or trust the folder in an interactive session), add it to trustedFolders.json, or set GEMINI_CLI_TRUST_WORKSPACE=true (what --skip-trust does) for the run';
  if (env['GEMINI_RESTRICTED_MODE'] === 'true' || env['GEMINI_CLI_TRUST_WORKSPACE'] === 'false') {
    const variable = env['GEMINI_RESTRICTED_MODE'] === 'true' ? 'GEMINI_RESTRICTED_MODE=true' : 'GEMINI_CLI_TRUST_WORKSPACE=false';
    return gate(`Gemini CLI treats the folder as untrusted (${variable}) and does not run`, `unset ${variable.split('=')[0]}`);
  }
  if (env['GEMINI_CLI_TRUST_WORKSPACE'] === 'true') return undefined;
  const { user } = geminiSettings(options);
  if (section(user, 'security', 'folderTrust', 'enabled') === false) return undefined;
  const trustFile = env['GEMINI_CLI_TRUSTED_FOLDERS_PATH'] || join(options.home, '.gemini', 'trustedFolders.json');
  const shownTrust = shownPath(trustFile, options.cwd);
  let rules: Record<string, unknown> = {};
  try {
    const value: unknown = parseLoose(readRegularFile(trustFile, MAX_CONFIG_BYTES), [], { allowTrailingComma: true });
    if (!isRecord(value)) return gate(`Gemini CLI stops: ${shownTrust} is not a JSON object`, `fix ${shownTrust}`, shownTrust);
    rules = value;
  } catch (error) {
    if (!(error instanceof UnreadableFileError) || error.reason !== 'not-found') {
      return gate(
        `Gemini CLI stops: ${shownTrust} cannot be read (${error instanceof Error ? error.message : String(error)})`,
        `fix ${shownTrust}`,
        shownTrust,
      );
    }
  }
  const here = canonical(resolve(options.cwd));
  let best: { path: string; level: string } | undefined;
  for (const [path, level] of Object.entries(rules)) {
    if (level !== 'TRUST_FOLDER' && level !== 'TRUST_PARENT' && level !== 'DO_NOT_TRUST') {
      return gate(`Gemini CLI stops: invalid trust level "${String(level)}" for "${path}" in ${shownTrust}`, `fix ${shownTrust}`, shownTrust);
    }
    const folder = canonical(level === 'TRUST_PARENT' ? dirname(path) : path);
    if (within(folder, here) && (!best || path.length > best.path.length)) best = { path, level };
  }
  if (best && best.level !== 'DO_NOT_TRUST') return undefined;
  return gate(
    best
      ? `Gemini CLI does not run in this folder: "${best.path}" is DO_NOT_TRUST in ${shownTrust} (gemini -p exits with 55)`
      : `Gemini CLI does not run in a folder it does not trust: no rule in ${shownTrust} covers ${here} (gemini -p exits with 55)`,
    skip,
    shownTrust,
  );
}

const gate = (reason: string, fix: string, file?: string): ServerGate => ({
  code: 'NOT_TRUSTED',
  client: 'gemini-cli',
  reason,
  fix,
  ...(file ? { file } : {}),
});

/**
 * What `gemini -p` offers of a server in an approval mode (the policy engine of Gemini CLI 0.61.0 in a
 * non-interactive run, where a tool that would need a confirmation is left out). yolo: every tool. plan: none (read-only
 * tools are only asked about in interactive sessions). default and auto_edit: only tools an allow rule covers — the
 * server's `trust: true`, its name in `mcp.allowed`, or `mcp.autoAllowInHeadless` — and those rules are patterns
 * `mcp_<server>_*` matched against the names Gemini registered, so they miss a server whose name Gemini sanitizes and
 * long tools whose shortened name lost the prefix.
 */
export function geminiApproval(
  server: { name: string; trust: boolean },
  mode: GeminiApprovalMode,
  options: LoadOptions,
): { gate?: ServerGate; toolGate?: ToolGate } {
  if (mode === 'yolo') return {};
  const run = `gemini -p in ${mode} approval mode`;
  const otherwise = `run with --approval-mode yolo (and tell mcpns the same: --approval-mode yolo)`;
  if (mode === 'plan') {
    return {
      gate: {
        code: 'NOT_APPROVED',
        client: 'gemini-cli',
        reason: `${run} offers no MCP tool (plan mode only asks about read-only tools in interactive sessions)`,
        fix: otherwise,
      },
    };
  }
  const { user, project } = geminiSettings(options);
  const allowed = [section(user, 'mcp', 'allowed'), section(project, 'mcp', 'allowed')].filter(Array.isArray) as unknown[][];
  const listed =
    allowed.length > 0 &&
    allowed.every((list) => list.some((name) => typeof name === 'string' && (name === '*' || name.toLowerCase().trim() === server.name.toLowerCase().trim())));
  const autoAllow = (section(project, 'mcp', 'autoAllowInHeadless') ?? section(user, 'mcp', 'autoAllowInHeadless')) === true;
  const why = server.trust ? '"trust": true' : listed ? 'mcp.allowed' : autoAllow ? 'mcp.autoAllowInHeadless' : undefined;
  const approve = `set "trust": true on it (or list it in mcp.allowed), or ${otherwise}`;
  if (!why) {
    return {
      gate: {
        code: 'NOT_APPROVED',
        client: 'gemini-cli',
        reason: `${run} offers no tool of a server without "trust": true that is not in mcp.allowed (an interactive session asks before each call)`,
        fix: approve,
        ...((project ?? user) ? { file: (project ?? user)!.shown } : {}),
      },
    };
  }
  const rule = `mcp_${server.name}_*`;
  const rename = `rename it to letters, digits, "_", ".", ":" and "-" only (not starting with "mcp")`;
  if (!geminiRuleCovers(server.name, 'x')) {
    return {
      gate: {
        code: 'NOT_APPROVED',
        client: 'gemini-cli',
        reason: `${why} does not take effect in ${run}: Gemini matches "${rule}" against the names it registered, and those are not "mcp_${server.name}_…"`,
        fix: `${rename}, or ${otherwise}`,
      },
    };
  }
  return {
    toolGate: {
      client: 'gemini-cli',
      namePrefix: `mcp_${server.name}_`,
      reason: `${run} does not offer it: its name was shortened to 63 characters and no longer starts with "mcp_${server.name}_", which ${why} ("${rule}") needs`,
      fix: `shorten the server name to 25 characters or fewer (or the tool name), or ${otherwise}`,
    },
  };
}
