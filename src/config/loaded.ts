import type { IgnoreEntry, Namespace, Participant, Profile, Route, RouterEmbeddings, SeveritySetting } from './schema.js';
import type { ClientId, Diagnostic, EnvInheritSetting, ServerSpec } from './model.js';

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
  /** Project-level client files read because no source was named and no mcpns.config.json exists (zero-config start). */
  detected?: Array<{ file: string; client: ClientId }>;
  /** The client files --client/--scan read (as shown), with their client: the command names them on stderr. */
  scanned?: Array<{ file: string; client: ClientId }>;
  /** Client config locations looked at by --client/--scan (absolute), for the "nothing found" error. */
  searched?: string[];
  /**
   * `call.trust` of every mcpns config file read, with the file each pattern came from: the tools `call --execute`
   * sends without asking. Written by the user; nothing a server says (readOnlyHint) is ever added here.
   */
  callTrust?: CallTrust[];
  /**
   * mcpns's own config files read (as shown, the file named or found first): where the person can write settings
   * that only mcpns's format has (`call.trust`). Empty when only other clients' files were read.
   */
  ownFiles?: string[];
  /** `router.pin` of every mcpns config file read: the tools `serve --router` lists beside its own. */
  routerPins?: string[];
  /** `router.embeddings` of the first mcpns config file that sets it: semantic re-ranking of `serve --router`'s search. */
  routerEmbeddings?: RouterEmbeddings;
  /** mcpns's own `envInherit` (top level of mcpns.config.json), when set: applies to every server it loads. */
  envInherit?: EnvInheritSetting;
}

/** One `call.trust` pattern and the config file (as shown) that wrote it. */
export interface CallTrust {
  pattern: string;
  file: string;
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
