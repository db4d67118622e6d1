import type { ToolRef } from '../catalog/types.js';

/**
 * The arguments each finding code carries (publint's `BaseMessage<Code, Args>` idea): checks that produce a finding
 * and the wording in codes.ts that reads it are both checked against this map by the compiler, so a misspelt or
 * missing argument does not compile instead of printing empty text. `hint`, where present, is the hint a check
 * computed for this very finding (it names the real server and tool).
 */
export interface FindingArgs {
  // ── collisions ──
  SHADOWED_TOOL: { servers: number; unprefixedTargets: string[]; hint: string };
  NAME_COLLISION: {
    /** unprefixed: the target shows bare tool names; mangled: sanitizing, case or truncation made names equal. */
    cause: 'unprefixed' | 'mangled';
    onWire?: true;
    dropped?: { server: string; tool: string; reason: string }[];
    hint: string;
  };
  DUPLICATE_IN_SERVER: { count: number; hint: string };
  AMBIGUOUS_ROUTE: { parsedAs: string; hint: string };
  NEAR_COLLISION: { names: string[]; fold: string; hint: string };
  TOO_MANY_TOOLS: { count: number; limit: number; largest: { server: string; count: number }[]; hint: string };
  NAME_REFUSED: {
    subject: 'server' | 'tool';
    rule: string;
    /** config: the product's whole configuration fails to load; list: every tools/list fails. */
    scope?: 'config' | 'list';
    suggestion?: string;
    hint: string;
  };
  /** hint: set by the checking commands; comparedTools: false when diff could not compare the server's tools. */
  SERVER_UNREACHABLE: { errorCode: string; errorMessage: string; hint?: string; comparedTools?: false };
  /** what: the whole file or one entry is refused; detail: the client's reason; diagnostic: the config diagnostic's code. */
  CONFIG_REJECTED: { file: string; what: 'file' | 'entry'; detail: string; diagnostic: string; client?: string };
  /** hint: from discovery (`sign in with: mcpns auth login <server>`, or about client credentials / a header). */
  SERVER_AUTH_REQUIRED: { errorMessage: string; hint: string; comparedTools?: false };
  /** client: the client whose rule it is; reason: what it does and why; fix: what would change it. */
  NOT_TRUSTED: { client: string; reason: string; fix: string };
  /** As NOT_TRUSTED; set `tool` on the finding when only that tool is withheld. */
  NOT_APPROVED: { client: string; reason: string; fix: string };
  // ── naming ──
  /** part: which part of a namespaced name (Codex) breaks the rule, with its text in partName. */
  NAME_INVALID_CHARS: { chars: string; charset?: string; dropped?: string; part?: 'namespace' | 'function'; partName?: string; hint: string };
  NAME_TOO_LONG: { length: number; limit: number; dropped?: string; part?: 'namespace' | 'function'; partName?: string; hint: string };
  TOOL_NAME_SPEC: { problem: string; level: 'invalid' | 'note' };
  SERVER_NAME_INVALID: { problem: string; hint?: string };
  PREFIX_MISMATCH: { prefix: string; namespace: string };
  PATTERN_MISMATCH: { pattern: string; namespace: string };
  CASE_STYLE: { case: string; namespace: string };
  // ── definitions ──
  MISSING_DESCRIPTION: { blank: boolean };
  INPUT_SCHEMA_INVALID: { problem: string };
  MALFORMED_TOOL: { index: number; problems: string };
  CONTROL_CHARACTERS: { field: string; kind: string; kinds: string[] };
  CROSS_SERVER_REFERENCE: { mentions: string; referenced: ToolRef[] };
  /** revision: what the server spoke; current: the newest revision of the 2025 line, which it could speak instead. */
  PROTOCOL_REVISION_OUTDATED: { revision: string; current: string };
  // ── drift ──
  SERVER_ADDED: { toolCount: number; previously?: 'disabled' };
  SERVER_REMOVED: { toolCount: number; now?: 'disabled' };
  TOOL_ADDED: { renamedFrom?: string };
  TOOL_REMOVED: { renamedTo?: string };
  /** field: description, instructions, or the schema path of a parameter/output description. */
  DESCRIPTION_CHANGED: { field: string; diff: string; before?: string; after?: string };
  SCHEMA_BREAKING: SchemaChangeArgs;
  SCHEMA_COMPATIBLE: SchemaChangeArgs;
  ANNOTATIONS_CHANGED: { changes: string; escalation?: string[] };
  /** before/after: the protocol revisions the server spoke; direction says which is newer. */
  PROTOCOL_REVISION_CHANGED: { before: string; after: string; direction: 'upgrade' | 'downgrade' };
}

export interface SchemaChangeArgs {
  schema: 'inputSchema' | 'outputSchema';
  changes: string;
  details: { path: string; change: string }[];
}

/** Every finding code. */
export type Code = keyof FindingArgs;
