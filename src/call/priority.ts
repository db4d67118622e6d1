import type { LoadedConfig } from '../config/loaded.js';
import { profilePriority } from '../profiles/profile.js';

/**
 * Server priority for `--pick priority` (higher wins), delegated to the profiles module: the profile's
 * `priorities[server]`, else the highest `namespaces.<ns>.priority` of the server's namespaces (a profile's
 * namespace priority overrides the namespace's own), else 0. Without config nothing has a priority, so a
 * pick never succeeds and the name stays ambiguous.
 */
export function serverPriority(config: LoadedConfig | undefined, profileName: string | undefined, server: string): number | undefined {
  if (!config) return undefined;
  return profilePriority(config, profileName, server);
}

/** `serverPriority` bound to a config and profile, in the shape `resolveToolName` takes. */
export function priorityFunction(config: LoadedConfig | undefined, profileName: string | undefined): (server: string) => number | undefined {
  return (server) => serverPriority(config, profileName, server);
}
