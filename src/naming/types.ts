import type { ToolRef } from '../catalog/types.js';

/** What a naming target needs to know about a server. */
export interface NamingServer {
  /** Config key. */
  name: string;
  /** serverInfo from initialize (VS Code uses title ‖ name as the prefix source). */
  serverInfo?: { name?: string; title?: string };
  /** Per-namespace prefix from config (style `prefix`, MCP-ocs). */
  prefix?: string;
}

export interface NamingInput {
  servers: NamingServer[];
  /** Tools in catalog order (sorted by server, then tool). */
  tools: ToolRef[];
}

/** One tool's name under a target. */
export interface RenderedName extends ToolRef {
  /** The name the model sees. */
  name: string;
  /** The name on the provider wire when it differs (mew-openai: first "/" → "_"). */
  wireName?: string;
  /** Set when the target would not expose this tool at all (too long, lost a collision…). */
  dropped?: string;
}

export interface Rendering {
  target: string;
  /** One entry per input tool, in input order. */
  names: RenderedName[];
  /** Exposed name → every pair that produced it (routing uses this, never a re-split). */
  lookup: Map<string, ToolRef[]>;
  /** Set when the result depends on start order or randomness; what mcpns assumed. */
  nondeterministic?: string;
}

export interface WireRule {
  /** Names must match this (anchored). */
  pattern: RegExp;
  /** Human description of the allowed characters, e.g. "[A-Za-z0-9_-]". */
  charset: string;
  maxLength: number;
}

export interface NamingTarget {
  id: string;
  kind: 'style' | 'preset' | 'provider';
  /** One line for --help and docs. */
  summary: string;
  /** Where the rule comes from (repository path or URL), and whether it was verified or inferred. */
  source?: string;
  /** The rule rendered names must satisfy on this target's wire (checked by NAME_INVALID_CHARS / NAME_TOO_LONG). */
  wire?: WireRule;
  /** Tool-count limit (TOO_MANY_TOOLS). */
  maxTools?: number;
  /** True when tool names are exposed without any server part (collisions are real). */
  unprefixed?: boolean;
  render(input: NamingInput): Rendering;
  /** How the target (or the product it models) splits a name back into a pair; undefined when it routes by map only. */
  parse?(name: string, servers: string[]): ToolRef | undefined;
}
