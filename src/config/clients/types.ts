import type { LoadOptions } from '../load-options.js';
import type { ClientId, Diagnostic, ServerSpec } from '../model.js';

/** A place a client reads its config from, with the scope the client gives it. */
export interface ClientLocation {
  file: string;
  scope: string;
}

/** One file handed to a client reader. */
export interface FileInput {
  /** Absolute path. */
  file: string;
  /** Path shown to users (relative to cwd when inside it). */
  shown: string;
  text: string;
  /** Scope the location gave it, when read through --client/--scan. */
  scope?: string;
  options: LoadOptions;
}

/** What a reader found in one file. */
export interface FileRead {
  servers: ServerSpec[];
  /** File-level diagnostics (entries of unknown shape, strict-JSON warnings…). */
  diagnostics: Diagnostic[];
  /**
   * Server names this file disables for the whole client, whatever file declares them
   * (Claude Code `projects[cwd].disabledMcpServers`, Gemini `mcp.excluded`).
   */
  disables?: Array<{ name: string; reason: string }>;
  /** When set, only these names may run (Gemini `mcp.allowed`); others are disabled with the reason. */
  allowOnly?: { names: string[]; reason: string };
}

/** A client's config reader: where it looks and how it reads one file. */
export interface ClientReader {
  id: ClientId;
  /** Human name used in messages ("Claude Code"). */
  label: string;
  /** Candidate files, most specific scope first; missing ones are skipped. */
  locations(options: LoadOptions): ClientLocation[];
  read(input: FileInput): FileRead;
  /**
   * Scope ranks when the same name appears in several scopes (higher wins, whole entry).
   * Absent: entries coexist and duplicates are only reported.
   */
  precedence?: Record<string, number>;
  /** The client merges layers field by field (Codex, opencode); mcpns keeps the winning entry whole. */
  mergesFields?: boolean;
}
