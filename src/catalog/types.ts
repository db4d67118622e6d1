/**
 * The catalog document of the contract (`list --json`, `snapshot`, accepted by `--catalog`).
 * Plain data: produced by discovery (live), read from a file (offline) or built in memory (tests).
 */
export const CATALOG_SCHEMA_VERSION = 1;

/** Stable codes for a server that could not be discovered (a catalog file naming another code is invalid). */
export const DISCOVERY_ERROR_CODES = [
  'SPAWN_FAILED',
  'CONNECT_TIMEOUT',
  'HANDSHAKE_FAILED',
  'LIST_FAILED',
  'HTTP_ERROR',
  'AUTH_REQUIRED',
  'CONNECTION_CLOSED',
  'UNLAUNCHABLE',
  'INTERRUPTED',
  // The server answered a request with a JSON-RPC error (its code is in `error.serverCode`).
  'SERVER_ERROR',
  // The server and mcpns share no MCP protocol version.
  'PROTOCOL_VERSION_UNSUPPORTED',
  // One response (an HTTP body or SSE stream, a stdout line) was larger than the configured cap.
  'RESPONSE_TOO_LARGE',
] as const;

export type DiscoveryErrorCode = (typeof DISCOVERY_ERROR_CODES)[number];

export const SERVER_STATUSES = ['ok', 'error', 'disabled'] as const;

export type ServerStatus = (typeof SERVER_STATUSES)[number];

export interface ServerInfo {
  name: string;
  version?: string;
  title?: string;
  [key: string]: unknown;
}

/** A tools/list entry that failed validation; kept so lint can report it (discovery never drops silently). */
export interface MalformedTool {
  /** Position in the server's concatenated tools/list pages. */
  index: number;
  name?: string;
  /** Field paths and what was wrong, e.g. "inputSchema.type: expected \"object\"". */
  problems: string[];
}

export interface CatalogServer {
  name: string;
  transport: string;
  /** Config file the server came from. */
  source?: string;
  /** Client whose config declared it ("mcpns" for mcpns.config.json). */
  client?: string;
  status: ServerStatus;
  /**
   * Why a server was not started (status disabled): switched off in config or by its client ('disabled'), hidden by
   * the profile ('profile'), refused by its client ('rejected': CONFIG_REJECTED), another entry with the same name is
   * used instead ('duplicate'), its client does not trust the project or folder ('not-trusted': NOT_TRUSTED), or its
   * client would start it without offering any of its tools in the run mode mcpns models ('not-approved': NOT_APPROVED).
   */
  disabledKind?: 'disabled' | 'profile' | 'rejected' | 'duplicate' | 'not-trusted' | 'not-approved';
  /**
   * What the server's own client does with it in the run mcpns models (`claude -p`, `codex exec`, `gemini -p`,
   * `opencode run`): LOADED, DISABLED, REFUSED, SHADOWED, DUPLICATE, NOT_TRUSTED or NOT_APPROVED, with the reason
   * and, for the last two, what would change it. Set for servers read from config (not for a saved catalog's).
   */
  verdict?: { code: string; reason?: string; fix?: string };
  durationMs?: number;
  /**
   * The server's place in its configuration (0-based; servers stay sorted by name): the order clients register
   * servers in, which VS Code numbers shared prefixes by. Absent from older catalogs and from snapshots.
   */
  order?: number;
  serverInfo?: ServerInfo;
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /**
   * Why discovery failed; `hint` says what to do (e.g. `mcpns auth login <server>` for AUTH_REQUIRED); `serverCode` is
   * the JSON-RPC error code the server itself sent (SERVER_ERROR, PROTOCOL_VERSION_UNSUPPORTED); `supported` the
   * protocol revisions the server said it speaks (PROTOCOL_VERSION_UNSUPPORTED).
   */
  error?: { code: DiscoveryErrorCode; message: string; hint?: string; serverCode?: number; supported?: string[] };
  toolCount: number;
  /** Pages fetched from tools/list. */
  pages?: number;
  malformedTools?: MalformedTool[];
  /** Notes from discovery (pagination guard tripped, SSE fallback used…). */
  notes?: string[];
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface CatalogTool {
  server: string;
  /** Tool name exactly as the server returned it. */
  name: string;
  /** The name in the catalog's style (slash by default: server/tool). */
  qualifiedName: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
  /** Set when a client filter or profile hides the tool (shown only by `list --all`). */
  hidden?: { by: string; reason: string };
  /**
   * Position in its server's tools/list answer (0-based, across pages). Clients register a server's tools in that
   * order, which decides who keeps a name two tools share once sanitized. Not written to snapshots.
   */
  listIndex?: number;
  /** Per-tool hashes (snapshots only). */
  hashes?: Record<string, string>;
}

export interface Catalog {
  schemaVersion: typeof CATALOG_SCHEMA_VERSION;
  generatedAt: string;
  style: string;
  servers: CatalogServer[];
  tools: CatalogTool[];
  [key: string]: unknown;
}

/**
 * A catalog document as `--catalog` accepts it (the output of `CatalogFileSchema`, src/catalog/read.ts): what
 * discovery always fills may be absent from a hand-made file, and unknown keys are kept.
 */
export interface CatalogFile {
  schemaVersion: typeof CATALOG_SCHEMA_VERSION;
  generatedAt?: string | undefined;
  style?: string | undefined;
  servers: CatalogFileServer[];
  tools: CatalogFileTool[];
  [key: string]: unknown;
}

/** A server entry of a catalog file. */
export type CatalogFileServer = Omit<CatalogServer, 'transport' | 'source' | 'toolCount'> & {
  transport?: string | undefined;
  source?: string | undefined;
  toolCount?: number | undefined;
  [key: string]: unknown;
};

/** A tool entry of a catalog file. */
export type CatalogFileTool = Omit<CatalogTool, 'qualifiedName' | 'inputSchema'> & {
  qualifiedName?: string | undefined;
  inputSchema?: Record<string, unknown> | undefined;
  [key: string]: unknown;
};

/** The (server, tool) pair that identifies a tool everywhere in mcpns. */
export interface ToolRef {
  server: string;
  tool: string;
}

/** Tools of one server as discovered: everything the catalog needs except the qualified name. */
export type DiscoveredTool = Omit<CatalogTool, 'qualifiedName'>;

/** One server's entry and tools, as discovery produced them or a saved catalog holds them. */
export interface ServerDiscovery {
  server: CatalogServer;
  tools: DiscoveredTool[];
  /** Tail of the server's stderr (bounded); shown with --verbose and when the server fails. */
  stderr: string;
}
