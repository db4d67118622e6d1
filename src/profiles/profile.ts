import type { Catalog, CatalogTool } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';
import type { Profile } from '../config/schema.js';
import { ConfigError, McpnsError } from '../errors.js';
import { compileGlobs } from '../util/glob.js';
import { namespacesByServer } from './namespaces.js';
import { own } from '../util/own.js';

/**
 * Profiles (MCP-ocs ADR-004 single/team/router): which servers, namespaces and tools a client is
 * given. A profile never deletes anything: hidden tools stay in the catalog, marked
 * `hidden: { by, reason }`, so `list --all` can say why a tool is missing.
 */

/** The named profile; unknown → UNKNOWN_PROFILE (exit 2) listing the configured profiles. */
export function getProfile(config: LoadedConfig, name: string): Profile {
  const profile = Object.prototype.hasOwnProperty.call(config.profiles, name) ? config.profiles[name] : undefined;
  if (profile) return profile;
  const known = Object.keys(config.profiles).sort();
  throw new McpnsError('UNKNOWN_PROFILE', `unknown profile "${name}"`, {
    hint: known.length ? `profiles: ${known.join(', ')}` : 'no profiles are configured (add "profiles" to mcpns.config.json)',
    details: { known },
  });
}

/**
 * Every server and namespace a profile names must exist: a typo in `servers.disable` would
 * otherwise silently expose the server it meant to hide. Servers are known from config and
 * from the catalog (an offline catalog may hold servers this machine does not configure).
 */
export function validateProfile(config: LoadedConfig, name: string, profile: Profile, catalogServers: readonly string[] = []): void {
  const known = new Set([...config.servers.map((server) => server.name), ...catalogServers]);
  const lists: Array<[string, readonly string[]]> = [
    ['servers.enable', profile.servers?.enable ?? []],
    ['servers.disable', profile.servers?.disable ?? []],
    ['priorities', Object.keys(profile.priorities ?? {})],
  ];
  for (const [field, servers] of lists) {
    for (const server of servers) {
      if (known.has(server)) continue;
      const path = `profiles.${name}.${field}`;
      throw new ConfigError('CONFIG_INVALID', `${path}: unknown server "${server}"`, {
        hint: known.size ? `known servers: ${[...known].sort().join(', ')}` : 'no servers are configured',
        location: { path },
        details: { server, known: [...known].sort() },
      });
    }
  }
  for (const namespace of Object.keys(profile.namespaces ?? {})) {
    if (Object.prototype.hasOwnProperty.call(config.namespaces, namespace)) continue;
    const path = `profiles.${name}.namespaces`;
    const namespaces = Object.keys(config.namespaces).sort();
    throw new ConfigError('CONFIG_INVALID', `${path}: unknown namespace "${namespace}"`, {
      hint: namespaces.length ? `namespaces: ${namespaces.join(', ')}` : 'no namespaces are configured',
      location: { path },
      details: { namespace, known: namespaces },
    });
  }
}

/** Why a profile hides one tool, or undefined when the profile exposes it. */
type HideRule = (tool: CatalogTool, names: readonly string[]) => string | undefined;

/** Rules that hide every tool of a server (servers.enable/disable, disabled namespaces): they depend on the server only. */
function serverRules(config: LoadedConfig, profile: Profile | undefined): Array<(server: string) => string | undefined> {
  const rules: Array<(server: string) => string | undefined> = [];
  const enable = profile?.servers?.enable;
  if (enable) {
    const enabled = new Set(enable);
    rules.push((server) => (enabled.has(server) ? undefined : `server "${server}" is not in servers.enable`));
  }
  const disabled = new Set(profile?.servers?.disable ?? []);
  if (disabled.size) rules.push((server) => (disabled.has(server) ? `servers.disable lists "${server}"` : undefined));

  const byServer = namespacesByServer(config);
  const isDisabled = (namespace: string): boolean => (profile?.namespaces?.[namespace]?.enabled ?? config.namespaces[namespace]?.enabled ?? true) === false;
  // Without a disabled namespace this rule can hide nothing: leave it out, so a catalog needs no pass over its tools.
  const anyDisabled = [...byServer.values()].some((namespaces) => namespaces.some((namespace) => isDisabled(namespace.name)));
  if (anyDisabled)
    rules.push((server) => {
      const off = byServer.get(server)?.find((namespace) => isDisabled(namespace.name));
      if (!off) return undefined;
      return profile?.namespaces?.[off.name]?.enabled === false ? `namespaces.${off.name}.enabled is false` : `namespace "${off.name}" is disabled in config`;
    });
  return rules;
}

function hideRules(config: LoadedConfig, profile: Profile | undefined): HideRule[] {
  const rules: HideRule[] = serverRules(config, profile).map((rule) => (tool: CatalogTool) => rule(tool.server));

  // Deny before allow: deny wins.
  const deny = compileGlobs(profile?.tools?.deny ?? []);
  if (deny.patterns.length) {
    rules.push((_tool, names) => {
      const pattern = deny.firstMatch(names);
      return pattern === undefined ? undefined : `tools.deny "${pattern}"`;
    });
  }
  const allow = compileGlobs(profile?.tools?.allow ?? []);
  if (allow.patterns.length) {
    rules.push((_tool, names) => (allow.matches(names) ? undefined : 'not matched by tools.allow'));
  }
  return rules;
}

/**
 * Servers whose every tool the profile (or a namespace disabled in config) hides, with the reason:
 * discovery skips them, so a profile never starts a server it does not expose.
 */
export function serversHiddenByProfile(config: LoadedConfig, profileName: string | undefined, servers: readonly string[]): Map<string, string> {
  let profile: Profile | undefined;
  if (profileName !== undefined) {
    profile = getProfile(config, profileName);
    validateProfile(config, profileName, profile);
  }
  const by = profileName === undefined ? 'config namespaces' : `profile ${profileName}`;
  const rules = serverRules(config, profile);
  const hidden = new Map<string, string>();
  for (const server of servers) {
    for (const rule of rules) {
      const reason = rule(server);
      if (reason !== undefined) {
        hidden.set(server, `${by}: ${reason}`);
        break;
      }
    }
  }
  return hidden;
}

/**
 * Apply a profile to a catalog. With no profile name, only namespaces with `enabled: false` in
 * config are hidden. Globs in `tools.allow`/`tools.deny` are matched against the bare tool name
 * AND the qualified `server/tool` name (`*` does not cross `/`: `atlassian_*` matches
 * `atlassian_get_issue`, `atlassian/*` matches every tool of server `atlassian`).
 * Tools already hidden (by a client filter) keep their reason.
 */
export function applyProfile(catalog: Catalog, config: LoadedConfig, profileName: string | undefined): Catalog {
  let profile: Profile | undefined;
  if (profileName !== undefined) {
    profile = getProfile(config, profileName);
    validateProfile(
      config,
      profileName,
      profile,
      catalog.servers.map((server) => server.name),
    );
  }
  const by = profileName === undefined ? 'config namespaces' : `profile ${profileName}`;
  const rules = hideRules(config, profile);
  if (!rules.length) return catalog; // nothing can hide a tool: no pass over (a million) tools
  let changed = false;
  const tools = catalog.tools.map((tool) => {
    if (tool.hidden) return tool;
    const names = [tool.name, `${tool.server}/${tool.name}`];
    for (const rule of rules) {
      const reason = rule(tool, names);
      if (reason !== undefined) {
        changed = true;
        return { ...tool, hidden: { by, reason } };
      }
    }
    return tool;
  });
  return changed ? { ...catalog, tools } : catalog;
}

/**
 * Priority of a server under a profile, for routers that pick one of several tools with the same
 * short name (`call --pick priority`): the profile's `priorities` entry, else the highest priority
 * among the server's namespaces (a profile's `namespaces.<ns>.priority` overrides the
 * namespace's own), else 0.
 */
export function profilePriority(config: LoadedConfig, profileName: string | undefined, server: string): number {
  const profile = profileName === undefined ? undefined : getProfile(config, profileName);
  const direct = own(profile?.priorities, server);
  if (direct !== undefined) return direct;
  let best: number | undefined;
  for (const namespace of namespacesByServer(config).get(server) ?? []) {
    const priority = own(profile?.namespaces, namespace.name)?.priority ?? namespace.priority;
    if (priority !== undefined && (best === undefined || priority > best)) best = priority;
  }
  return best ?? 0;
}
