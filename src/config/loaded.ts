import type { IgnoreEntry, Namespace, Participant, Profile, Route, SeveritySetting } from './schema.js';
import type { Diagnostic, ServerSpec } from './model.js';

/** Everything the commands need from configuration, merged from every file read. */
export interface LoadedConfig {
  /** Files read, in order. */
  files: string[];
  /** Directory relative paths are resolved against (the first config file's directory, or cwd). */
  baseDir: string;
  servers: ServerSpec[];
  naming: { style?: string; targets?: string[] };
  namespaces: Record<string, Namespace>;
  profiles: Record<string, Profile>;
  participant?: Participant;
  rules: Record<string, SeveritySetting>;
  ignore: IgnoreEntry[];
  routes: Route[];
  diagnostics: Diagnostic[];
}

export function emptyConfig(baseDir: string): LoadedConfig {
  return {
    files: [],
    baseDir,
    servers: [],
    naming: {},
    namespaces: {},
    profiles: {},
    rules: {},
    ignore: [],
    routes: [],
    diagnostics: [],
  };
}
