import type { ToolRef } from '../catalog/types.js';

/** What a naming target needs to know about a server. */
export interface NamingServer {
  /** Config key. */
  name: string;
  /** serverInfo from initialize (VS Code uses title ‖ name as the prefix source). */
  serverInfo?: { name?: string; title?: string };
  /** Per-namespace prefix from config (style `prefix`, MCP-ocs). */
  prefix?: string;
  /**
   * How long the server took to list its tools in mcpns's own discovery (the catalog's `durationMs`). Clients start
   * their servers together and register each one's tools when it is ready, so this orders who registers first.
   */
  readyMs?: number;
}

/** A tool to name: the pair, and where its server listed it. */
export interface NamingTool extends ToolRef {
  /** Position in its server's tools/list answer (clients register a server's tools in that order). */
  listIndex?: number;
  /**
   * `server/tool`, when the input already holds that string (a catalog's qualifiedName): the slash style names the tool
   * with it instead of building an equal string (a million of them are 60 MB).
   */
  slashName?: string;
}

export interface NamingInput {
  /** In registration order: the config's order when it is known (VS Code numbers shared prefixes in it). */
  servers: NamingServer[];
  /** Tools in catalog order (sorted by server, then tool). */
  tools: NamingTool[];
}

/**
 * The product refuses a server or tool name outright (a config validator, a database constraint, an exception while
 * listing): the tool never reaches the model. Data only; the NAME_REFUSED finding words it.
 */
export interface Refusal {
  /** Which name the product refuses: the server's (its config key) or the tool's. */
  subject: 'server' | 'tool';
  /** The product's rule, in its own words (pattern, limit, error message). */
  rule: string;
  /**
   * How far the refusal reaches beyond this server: `config` — the product's whole config fails to load (agentgateway,
   * LiteLLM, the Docker gateway's reload); `list` — tools/list fails for every server (1MCP). Absent: only this server or tool.
   */
  scope?: 'config' | 'list';
  /** A name the product would accept instead, when one can be derived (the hint offers it). */
  suggestion?: string;
}

/** One tool's name under a target. */
export interface RenderedName extends ToolRef {
  /** The name the model sees. */
  name: string;
  /** The name on the provider wire when it differs (mew-openai: first "/" → "_"). */
  wireName?: string;
  /** Set when the target would not expose this tool at all (too long, lost a collision, refused…). */
  dropped?: string;
  /** Set when the product shortens the name itself and still offers it (Gemini CLI's middle "...", VS Code's cut at 64): the name uncut. */
  uncut?: string;
  /** Set when the product refuses the server or tool name (then `dropped` is set too, and `name` is what it would have been). */
  refused?: Refusal;
  /**
   * The Responses-API namespace the product sends the tool in (Codex): the model sees `function` inside `namespace`,
   * and `name` is the product's flat form of the two. The target's wire rule applies to each part.
   */
  namespace?: string;
  /** The function's own name inside `namespace`. */
  function?: string;
}

export interface Rendering {
  target: string;
  /** One entry per input tool, in input order. */
  names: RenderedName[];
  /** Exposed name → every pair that produced it (routing uses this, never a re-split). */
  lookup: Map<string, ToolRef[]>;
  /** Set when the result depends on start order or randomness; what mcpns assumed. */
  nondeterministic?: string;
  /**
   * Wire name → pairs, present only when some `wireName` differs from `name` (mew-openai):
   * the provider sends back the wire name, so wire-level collisions show here.
   */
  wireLookup?: Map<string, ToolRef[]>;
}

export interface WireRule {
  /** Names must match this (anchored). */
  pattern: RegExp;
  /** Human description of the allowed characters, e.g. "[A-Za-z0-9_-]". */
  charset: string;
  maxLength: number;
  /** One allowed character (unanchored class), so checks can list the offending characters. */
  char?: RegExp;
  /** Class the first character must match (Gemini: a letter or "_"). */
  first?: RegExp;
  /** Default 1. */
  minLength?: number;
  /** Where the rule comes from. */
  source?: string;
}

/** How trustworthy a preset's rule is (see docs/presets.md). */
export type RuleStatus = 'design' | 'verified' | 'verified-older' | 'documented' | 'inferred';

/** A real run of the product the preset's names and verdicts were compared with (test/clients/, test/fidelity/clients/). */
export interface CheckedAgainst {
  /** The package run, e.g. "@openai/codex". */
  package: string;
  version: string;
  /** Day of the run (YYYY-MM-DD). */
  date: string;
}

/** When a target puts a server part into the name. */
export type Prefixing = 'always' | 'never' | 'conditional';

export interface NamingTarget {
  id: string;
  kind: 'style' | 'preset' | 'provider';
  /** One line for --help and docs. */
  summary: string;
  /** Where the rule comes from (repository path or URL), and whether it was verified or inferred. */
  source?: string;
  /** The rule rendered names (`wireName ?? name`) must satisfy on this target's wire (NAME_INVALID_CHARS / NAME_TOO_LONG). */
  wire?: WireRule;
  /** Tool-count limit (TOO_MANY_TOOLS). */
  maxTools?: number;
  /** True when tool names are exposed without any server part (collisions are real). */
  unprefixed?: boolean;
  /** When the server part is added: always, never, or only in some cases (≥ 2 servers, on conflict, when shared). */
  prefixing?: Prefixing;
  /** design (mcpns/MEW documents), verified (read in the product's source), verified-older, documented (closed source: the vendor's docs), inferred. */
  status?: RuleStatus;
  /** The real client run this preset was last compared with, name by name (presets of products mcpns can run). */
  checkedAgainst?: CheckedAgainst;
  render(input: NamingInput): Rendering;
  /**
   * How the target (or the product it models) splits a name back into a pair; undefined when it routes by map only.
   * Takes `wireName ?? name`. Server parts are mapped back to a configured server (exact match first, then the
   * unique server whose sanitized form matches); tool parts likewise when `tools` is given. A result that differs
   * from the rendered pair is a misroute (AMBIGUOUS_ROUTE).
   */
  parse?(name: string, servers: string[], tools?: ToolRef[]): ToolRef | undefined;
}
