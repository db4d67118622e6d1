import { McpnsError } from '../../errors.js';

/** The clients `serve --install` writes the gateway's entry for (each one's --for preset has the same id). */
export const INSTALL_CLIENTS = ['claude-code', 'codex', 'gemini-cli', 'opencode', 'cursor', 'vscode'] as const;
export type InstallClient = (typeof INSTALL_CLIENTS)[number];

/** project: the project's own file (committed, shared); user: the user's file for every project. */
export const INSTALL_SCOPES = ['project', 'user'] as const;
export type InstallScope = (typeof INSTALL_SCOPES)[number];

/** What an install is asked to do. The core reads files only through `read`, so it is pure under test. */
export interface InstallRequest {
  client: InstallClient;
  scope: InstallScope;
  /** The project folder (the current folder): where project-scope files live. */
  project: string;
  home: string;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** The gateway's key in the client's config (`--as`). */
  key: string;
  /** `--style`, written into the entry when given. */
  style?: string | undefined;
  /** `--router`: the entry serves in router mode (search_tools + call_tool instead of every tool). */
  router?: boolean | undefined;
  /** The argv that starts this mcpns: `node <absolute bin>`, or `mcpns` with --command. */
  command: readonly string[];
  /** A file's text, or undefined when there is none. */
  read: (file: string) => string | undefined;
}

/** One file's change: its text before and after (undefined: no file), and what changed, in words. */
export interface FileChange {
  file: string;
  before: string | undefined;
  after: string | undefined;
  what: string[];
}

export interface InstallPlan {
  client: InstallClient;
  scope: InstallScope;
  /** The file holding the gateway's entry. */
  entryFile: string;
  /** The file the gateway reads its servers from (`--config` of the entry). */
  gatewayConfig: string;
  /** The servers the gateway now serves instead of the client. */
  served: string[];
  /** How they were taken away from the client: disabled in place, or moved to `gatewayConfig`. */
  method: 'disabled' | 'moved';
  /** Only the files that change (none: already installed). */
  changes: FileChange[];
}

/** A refusal the user can act on (exit 2, with a hint). */
export const installError = (message: string, hint?: string): McpnsError => new McpnsError('USAGE', message, hint === undefined ? {} : { hint });
