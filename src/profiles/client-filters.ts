import { picomatch } from '../util/picomatch.js';
import type { Catalog, CatalogServer, CatalogTool } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';
import { claudeDenies, claudeToolName } from '../config/clients/claude-names.js';
import { geminiToolName, geminiValidName } from '../config/clients/gemini-names.js';
import type { ServerSpec, ToolFilter } from '../config/model.js';

export interface HiddenMark {
  by: string;
  reason: string;
}

function matches(filter: ToolFilter, pattern: string, tool: string, list: 'include' | 'exclude'): boolean {
  switch (filter.match) {
    case 'glob':
      return picomatch().isMatch(`${filter.prefix ?? ''}${tool}`, pattern, { dot: true });
    case 'gemini':
      // Gemini: includeTools entries are a name or "name(args…)"; excludeTools is exact.
      return pattern === tool || (list === 'include' && pattern.startsWith(`${tool}(`));
    default:
      return pattern === tool;
  }
}

/**
 * Why a client's tool filter hides this tool, or undefined when the client exposes it.
 * Include first, then exclude; exclude wins (Gemini and Codex agree).
 */
export function hiddenByFilter(spec: Pick<ServerSpec, 'toolFilter' | 'source' | 'name'>, tool: string): HiddenMark | undefined {
  const filter = spec.toolFilter;
  if (!filter) return undefined;
  const bySettings = filter.settingsExclude && geminiSettingsExclude(filter.settingsExclude, spec.name, tool);
  if (bySettings) return bySettings;
  const where = spec.source.file;
  const client = spec.source.client;
  const excludeField = filter.excludeField ?? filter.field ?? 'exclude';
  const includeField = filter.includeField ?? filter.field ?? 'include';
  const excluded = filter.exclude?.find((pattern) => matches(filter, pattern, tool, 'exclude'));
  if (excluded !== undefined) {
    return {
      by: `${client} ${excludeField}`,
      reason:
        excluded === tool || excluded === `${filter.prefix ?? ''}${tool}`
          ? `listed in ${excludeField} in ${where}`
          : `matches "${excluded}" in ${excludeField} in ${where}`,
    };
  }
  if (filter.include !== undefined && !filter.include.some((pattern) => matches(filter, pattern, tool, 'include'))) {
    return { by: `${client} ${includeField}`, reason: `not listed in ${includeField} in ${where}` };
  }
  return undefined;
}

/**
 * Gemini CLI leaves out an MCP tool when `tools.exclude` holds its registered name, that name without the server's
 * prefix `mcp_<server>_` (or, when shortening cut the prefix, the prefix and the name), or the tool class itself
 * (`DiscoveredMCPTool`: every MCP tool) — `ToolRegistry.isActiveTool` in Gemini CLI 0.61.0, observed with the client.
 */
function geminiSettingsExclude(excluded: Array<{ name: string; file: string }>, server: string, tool: string): HiddenMark | undefined {
  const registered = geminiToolName(server, tool);
  const prefix = geminiValidName(`${server}_`);
  const names = [registered, 'DiscoveredMCPTool', registered.startsWith(prefix) ? registered.slice(prefix.length) : `${prefix}${registered}`];
  const hit = excluded.find(({ name }) => names.includes(name));
  return hit && { by: 'gemini-cli tools.exclude', reason: `"${hit.name}" in tools.exclude in ${hit.file} covers "${registered}"` };
}

/**
 * Why the client does not offer this tool of a server it offers others of (a ToolGate: Gemini CLI's allow rules miss a
 * tool whose shortened name lost the `mcp_<server>_` prefix; a Claude Code `permissions.deny` rule names it), with
 * what would change it, or undefined.
 */
export function withheldByGate(spec: Pick<ServerSpec, 'toolGate' | 'name'>, tool: string): { reason: string; fix: string; file?: string } | undefined {
  const gate = spec.toolGate;
  if (!gate) return undefined;
  if (gate.client === 'claude-code') {
    const denied = gate.deny.find(({ rule }) => claudeDenies(rule, spec.name, tool));
    if (!denied) return undefined;
    return {
      reason: `Claude Code does not offer it: permissions.deny has "${denied.rule}" (${denied.file}), which covers "${claudeToolName(spec.name, tool)}"`,
      fix: `remove "${denied.rule}" from permissions.deny in ${denied.file}`,
      file: denied.file,
    };
  }
  const name = geminiToolName(spec.name, tool);
  return name.startsWith(gate.namePrefix) ? undefined : { reason: `${gate.reason} ("${name}")`, fix: gate.fix };
}

/** withheldByGate as the mark a hidden catalog tool carries. */
export function hiddenByGate(spec: Pick<ServerSpec, 'toolGate' | 'name'>, tool: string): HiddenMark | undefined {
  const withheld = withheldByGate(spec, tool);
  return withheld && { by: `${spec.toolGate!.client} NOT_APPROVED`, reason: withheld.reason };
}

/** The config entry a catalog server came from: same name, preferring the same source file and client. */
function specFor(server: CatalogServer, specs: ServerSpec[]): ServerSpec | undefined {
  const named = specs.filter((spec) => spec.name === server.name);
  if (named.length <= 1) return named[0];
  const sameSource = named.filter((spec) => spec.source.file === server.source && (server.client === undefined || spec.source.client === server.client));
  if (sameSource.length === 1) return sameSource[0];
  const active = named.filter((spec) => spec.enabled && spec.shadowedBy === undefined);
  return active.length === 1 ? active[0] : undefined;
}

/**
 * Mark the tools a client's own filter hides (Gemini includeTools/excludeTools, Codex enabled_tools/
 * disabled_tools, Windsurf disabledTools, opencode `tools` globs and `permission` denials, Goose available_tools),
 * then the ones it does not offer although it offers the server (a ToolGate). Hidden tools stay in the catalog
 * document with `hidden: { by, reason }`; an existing mark (e.g. a profile's) is kept.
 */
export function applyClientToolFilters(catalog: Catalog, config: LoadedConfig): Catalog {
  const filtered = config.servers.filter((spec) => spec.toolFilter || spec.toolGate);
  if (filtered.length === 0) return catalog;
  const specs = new Map<string, ServerSpec | undefined>();
  for (const server of catalog.servers) specs.set(server.name, specFor(server, config.servers));
  const tools = catalog.tools.map((tool): CatalogTool => {
    if (tool.hidden) return tool;
    const spec = specs.get(tool.server);
    const hidden = spec ? (hiddenByFilter(spec, tool.name) ?? hiddenByGate(spec, tool.name)) : undefined;
    return hidden ? { ...tool, hidden } : tool;
  });
  return { ...catalog, tools };
}
