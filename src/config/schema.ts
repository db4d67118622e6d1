import { z } from 'zod';
import { SEVERITY_SETTINGS } from './severity.js';

/**
 * mcpns's own config file (mcpns.config.json). Strict: an unknown key is an error with its path.
 * The JSON Schema in schema/mcpns.config.schema.json is generated from these schemas.
 */
const StringMap = z.record(z.string(), z.string());

export const EnvInheritSchema = z
  .union([z.enum(['all', 'minimal']), z.array(z.string().regex(/^[^=\0]+$/, 'an environment variable name'))])
  .describe(
    'Which of mcpns\'s environment a stdio server inherits: "all" (default, like a shell), "minimal" (the MCP SDK allow-list: HOME, LOGNAME, PATH, SHELL, TERM, USER) or that list plus these names. The server\'s own env is added on top.',
  );

const ServerBaseFields = {
  /** Set false to keep the entry but skip it in discovery. */
  enabled: z.boolean().optional().describe('Set false to keep the entry but skip it during discovery.'),
  /** Discovery deadline for this server (spawn, initialize and every tools/list page), in ms. */
  timeoutMs: z.number().int().positive().optional().describe('Discovery deadline for this server, in milliseconds.'),
  description: z.string().optional().describe('Free text for humans.'),
};

export const StdioServerSchema = z
  .strictObject({
    type: z.literal('stdio').optional(),
    command: z.string().min(1).describe('Executable to spawn.'),
    args: z.array(z.string()).optional(),
    env: StringMap.optional().describe('Environment for the child; values support ${VAR} and ${VAR:-default}.'),
    cwd: z.string().optional().describe('Working directory, relative to the config file.'),
    envInherit: EnvInheritSchema.optional(),
    ...ServerBaseFields,
  })
  .describe('A server spawned as a child process and spoken to over stdio.');

/** private_key_jwt algorithms the SDK's signer supports (RSA, RSA-PSS, ECDSA). */
export const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'] as const;

export const OAuthSchema = z
  .strictObject({
    clientId: z
      .string()
      .min(1)
      .optional()
      .describe('A client registered with the authorization server (else: Client ID Metadata Document or dynamic registration).'),
    clientSecret: z.string().optional().describe('Its secret; use ${VAR}. Never printed.'),
    scopes: z.array(z.string().min(1)).optional().describe("Scopes to request in addition to what the server's 401 asks for."),
    callbackPort: z.number().int().min(1).max(65535).optional().describe('Fixed port of the 127.0.0.1 redirect listener (default: a free port).'),
    clientMetadataUrl: z
      .string()
      .optional()
      .describe('https URL of a Client ID Metadata Document, used as client_id when the authorization server supports it.'),
    grantType: z
      .enum(['authorization_code', 'client_credentials'])
      .optional()
      .describe('"client_credentials": CI mode, tokens on demand without sign-in (needs clientId plus clientSecret or a private key).'),
    privateKeyFile: z.string().optional().describe('PEM private key for private_key_jwt, relative to this file.'),
    privateKey: z.string().optional().describe('PEM private key for private_key_jwt; use ${VAR}. Never printed.'),
    signingAlgorithm: z.enum(SIGNING_ALGORITHMS).optional().describe('private_key_jwt signing algorithm (default RS256).'),
    issuer: z.string().optional().describe('The authorization server (issuer URL) these credentials belong to; they are never sent to another one.'),
  })
  .describe('OAuth for this server (docs/auth.md). Without it, a server that answers 401 is signed in to with `mcpns auth login`.');

export const RemoteServerSchema = z
  .strictObject({
    type: z
      .enum(['http', 'sse'])
      .optional()
      .describe('"http" = Streamable HTTP, "sse" = legacy HTTP+SSE; absent = Streamable HTTP, falling back to SSE on a 4xx (as Cursor and VS Code do).'),
    url: z.string().min(1),
    headers: StringMap.optional().describe('HTTP headers; values support ${VAR} and ${VAR:-default}.'),
    oauth: OAuthSchema.optional(),
    ...ServerBaseFields,
  })
  .describe('A remote server over Streamable HTTP or SSE.');

export const ServerEntrySchema = z.union([StdioServerSchema, RemoteServerSchema]);

export const SeveritySettingSchema = z.enum(SEVERITY_SETTINGS);

export const NamespaceSchema = z.strictObject({
  servers: z.array(z.string()).describe('Config names of the servers in this namespace.'),
  prefix: z.string().optional().describe('Every tool name must start with this prefix (MCP-ocs ADR-004).'),
  pattern: z.string().optional().describe('Regular expression every tool name must match.'),
  case: z
    .enum(['snake', 'camel', 'kebab', 'pascal', 'any'])
    .optional()
    .describe('Case style of tool names (checked after a prefix ending in "_", "-" or ".").'),
  domain: z.string().optional().describe('Free-text domain label (filesystem, knowledge, collaboration…).'),
  priority: z.number().optional().describe('Higher wins when a short name is picked by priority.'),
  enabled: z.boolean().optional().describe('Set false to hide the servers of this namespace unless a profile enables it.'),
});

export const ProfileSchema = z.strictObject({
  description: z.string().optional(),
  servers: z
    .strictObject({
      enable: z.array(z.string()).optional().describe('Only these servers are exposed.'),
      disable: z.array(z.string()).optional().describe('These servers are hidden.'),
    })
    .optional(),
  namespaces: z.record(z.string(), z.strictObject({ enabled: z.boolean().optional(), priority: z.number().optional() })).optional(),
  tools: z
    .strictObject({
      allow: z.array(z.string()).optional().describe('Globs over tool names and server/tool names; only matches are exposed. "*" does not cross "/".'),
      deny: z.array(z.string()).optional().describe('Globs over tool names and server/tool names; matches are hidden (deny wins over allow).'),
    })
    .optional(),
  priorities: z.record(z.string(), z.number()).optional().describe('Server name → priority.'),
});

export const CapabilitySchema = z.looseObject({
  kind: z.string(),
  payload: z.unknown().optional(),
});

export const ParticipantSchema = z.strictObject({
  id: z.string().min(1),
  capabilities: z.array(CapabilitySchema),
});

export const IgnoreEntrySchema = z.strictObject({
  code: z.string(),
  name: z.string().optional(),
  server: z.string().optional(),
  tool: z.string().optional(),
  target: z.string().optional(),
  reason: z.string().min(1).describe('Why this finding is accepted (required).'),
});

const ROUTE_TOOL = 'Target tool: any name `mcpns call` accepts (server/tool, a name in the active style, a unique short name).';
const ROUTE_ARGUMENTS =
  'Argument templates: "${group}" takes the named group, typed by the tool\'s input schema ("2" → 2 for a number); inside other text it stays text; "${question}" is the whole question.';

export const RouteCallSchema = z.strictObject({
  tool: z.string().min(1).describe(ROUTE_TOOL),
  arguments: z.record(z.string(), z.unknown()).optional().describe(ROUTE_ARGUMENTS),
});

export const RouteSchema = z
  .strictObject({
    name: z.string().min(1).describe('Unique rule name (shown when the rule fires and in errors).'),
    description: z.string().optional(),
    pattern: z.string().optional().describe('Regular expression (named groups become hints) matched against the question.'),
    flags: z.string().optional().describe('Regular expression flags (d, i, m, s, u, v); default "i".'),
    keywords: z.array(z.string()).optional().describe('Every keyword must appear (case-insensitive, as a word).'),
    tool: z.string().optional().describe(ROUTE_TOOL),
    arguments: z.record(z.string(), z.unknown()).optional().describe(ROUTE_ARGUMENTS),
    calls: z.array(RouteCallSchema).optional().describe('Several tool calls for one rule (instead of tool + arguments), made in order.'),
  })
  .describe('A deterministic routing rule: rules are tried in order and the first that matches wins (`mcpns route`).');

export const NamingSchema = z.strictObject({
  style: z.string().optional().describe('Display style for list (slash, double-underscore, underscore, dot, hybrid, prefix, mew-openai).'),
  targets: z.array(z.string()).optional().describe('Styles/presets check-conflicts evaluates by default.'),
});

/** A trust pattern names server and tool: a bare tool name would trust that name on every server, a hostile neighbour's too. */
export const CallTrustPatternSchema = z
  .string()
  .regex(/^[^/]+\/.+$/, 'a trust pattern is server/tool (calculator/add, calculator/*): a bare tool name would trust it on every server')
  .describe('A glob over server/tool names (config name of the server, tool name as listed); "*" does not cross "/".');

export const CallSettingsSchema = z
  .strictObject({
    trust: z
      .array(CallTrustPatternSchema)
      .optional()
      .describe(
        'Tools `call --execute` sends without asking for confirmation, as --yes would: globs over server/tool names ("calculator/*", "files/read_file"). Annotations such as readOnlyHint come from the server and never skip the confirmation.',
      ),
  })
  .describe('Settings of `mcpns call`.');

export const RouterEmbeddingsSchema = z
  .strictObject({
    url: z.string().min(1).describe('The OpenAI-compatible endpoint: …/v1/embeddings, or a base URL such as http://127.0.0.1:11434 (Ollama).'),
    model: z.string().min(1).describe('The embeddings model the endpoint should use.'),
    timeoutMs: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Bound on the wait for the endpoint in one search, in milliseconds (default 10000); past it the answer is the lexical ranking.'),
  })
  .describe(
    'Re-rank search_tools by meaning through an embeddings endpoint, fused with the lexical ranking (docs/router.md). The bearer token comes from MCPNS_EMBEDDINGS_API_KEY, never from this file.',
  );

export const RouterSettingsSchema = z
  .strictObject({
    pin: z
      .array(z.string())
      .optional()
      .describe(
        'Tools listed beside search_tools, call_tool and describe_tool: globs over the gateway\'s names, server/tool names and bare tool names ("github/*", "files__read_file"); "*" does not cross "/". Routes\' targets are listed too.',
      ),
    embeddings: RouterEmbeddingsSchema.optional(),
  })
  .describe('Settings of `mcpns serve --router`: the gateway lists a search tool instead of every tool (docs/router.md).');

export const McpnsConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  include: z.array(z.string()).optional().describe("Other clients' config files to read as well."),
  envInherit: EnvInheritSchema.optional(),
  servers: z.record(z.string(), ServerEntrySchema).optional(),
  naming: NamingSchema.optional(),
  namespaces: z.record(z.string(), NamespaceSchema).optional(),
  profiles: z.record(z.string(), ProfileSchema).optional(),
  participant: ParticipantSchema.optional(),
  rules: z.record(z.string(), SeveritySettingSchema).optional(),
  ignore: z.array(IgnoreEntrySchema).optional(),
  routes: z.array(RouteSchema).optional(),
  call: CallSettingsSchema.optional(),
  router: RouterSettingsSchema.optional(),
});

export type McpnsConfig = z.infer<typeof McpnsConfigSchema>;
export type ServerEntry = z.infer<typeof ServerEntrySchema>;
export type OAuthEntry = z.infer<typeof OAuthSchema>;
export type Namespace = z.infer<typeof NamespaceSchema>;
export type Profile = z.infer<typeof ProfileSchema>;
export type Participant = z.infer<typeof ParticipantSchema>;
export type IgnoreEntry = z.infer<typeof IgnoreEntrySchema>;
export type Route = z.infer<typeof RouteSchema>;
export type RouterEmbeddings = z.infer<typeof RouterEmbeddingsSchema>;
export type SeveritySetting = z.infer<typeof SeveritySettingSchema>;
