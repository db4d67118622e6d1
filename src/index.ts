/**
 * mcpns as a library: config → discovery → catalog → naming → checks → report.
 * Everything here takes and returns plain data; nothing touches process or the terminal.
 */
export { loadConfig, findOwnConfig, type LoadOptions } from './config/load.js';
export type { LoadedConfig } from './config/loaded.js';
export type { ServerSpec, Diagnostic, ClientId, ToolFilter } from './config/model.js';
export { McpnsConfigSchema, type McpnsConfig } from './config/schema.js';
export type { DiscoveryOptions } from './discovery/types.js';
export type { ToolSource } from './source/types.js';
export { liveSource, type LiveSourceOptions } from './source/live-source.js';
export { catalogSource } from './source/file-source.js';
export { memorySource } from './source/memory-source.js';
export { acquireCatalog, type AcquireRequest, type AcquiredCatalog } from './source/acquire.js';
export { buildCatalog, compareTools } from './catalog/build.js';
export { readCatalogFile, parseCatalogText } from './catalog/read.js';
export { createSnapshot, serializeSnapshot, sameSnapshotContent, canonicalJson, hashValue, toolHashes } from './snapshot/index.js';
export type { Snapshot, SnapshotTool, SnapshotOptions, ToolHashes } from './snapshot/index.js';
export { diffCatalogs, driftResult, compareSchemas } from './diff/index.js';
export type { Catalog, CatalogServer, CatalogTool, ToolRef, DiscoveryErrorCode, ServerDiscovery, DiscoveredTool } from './catalog/types.js';
export { getTarget, listTargets, renderNames, namingInputFromCatalog, DEFAULT_STYLE } from './naming/index.js';
export type { NamingTarget, Rendering, RenderedName, NamingInput, Refusal } from './naming/index.js';
export { CODES, ALL_CODES, describeFinding } from './checks/codes.js';
export type { Finding, Severity, Check, CheckContext } from './checks/types.js';
export { runChecks, type CheckResult, type CheckSettings, type CheckFamily } from './checks/run.js';
export { createBaseline, parseBaseline, serializeBaseline, fingerprint, type Baseline } from './checks/baseline.js';
export { formatters, getExitCode, FORMATS, type Format, type Formatter, type FailOn } from './report/index.js';
export { McpnsError, ConfigError, UsageError } from './errors.js';
export { EXIT } from './exit-codes.js';
export { terminalSafe } from './util/terminal-safe.js';
export { collectSecrets, redactText } from './util/redact.js';
export {
  planCall,
  assertValid,
  callDocument,
  resolveToolName,
  presetNames,
  parseArgumentsJson,
  parseKeyValueArguments,
  validateArguments,
  decideKind,
  matchesCapability,
  buildMewEnvelope,
  buildMcpxEnvelope,
  buildToolsCall,
  buildResponseEnvelope,
} from './call/index.js';
export type { CallPlan, Resolution, Capability, Participant, EnvelopeFormat } from './call/index.js';
export { exportTools, type ExportResult, type ExportProvider } from './export/index.js';

/** Discover live servers (loads the MCP SDK on first use). */
export async function discoverServers(
  ...args: Parameters<typeof import('./discovery/discover.js').discoverServers>
): ReturnType<typeof import('./discovery/discover.js').discoverServers> {
  const { discoverServers: discover } = await import('./discovery/discover.js');
  return discover(...args);
}

export type { Gateway, GatewayOptions, GatewayEvent, RequestLogEntry, NamingSettings } from './gateway/index.js';
export type { ListTransform, LocalCallContext, LocalTool, ToolProvider } from './gateway/index.js';

/** The namespacing gateway (`mcpns serve`) as a library: loads the MCP server SDK on first use. */
export async function createGateway(
  ...args: Parameters<typeof import('./gateway/index.js').createGateway>
): Promise<ReturnType<typeof import('./gateway/index.js').createGateway>> {
  const { createGateway: create } = await import('./gateway/index.js');
  return create(...args);
}

export type { HttpServeOptions, HttpGateway } from './gateway/serve-http.js';

/** Serve a started gateway over stdio (`mcpns serve`): resolves when the client disconnects or `signal` aborts. */
export async function serveGatewayStdio(
  ...args: Parameters<typeof import('./gateway/serve-stdio.js').serveGatewayStdio>
): ReturnType<typeof import('./gateway/serve-stdio.js').serveGatewayStdio> {
  const { serveGatewayStdio: serve } = await import('./gateway/serve-stdio.js');
  return serve(...args);
}

/** Serve a started gateway over Streamable HTTP (`mcpns serve --http`) at `/mcp`, with `/health`. */
export async function serveGatewayHttp(
  ...args: Parameters<typeof import('./gateway/serve-http.js').serveGatewayHttp>
): ReturnType<typeof import('./gateway/serve-http.js').serveGatewayHttp> {
  const { serveGatewayHttp: serve } = await import('./gateway/serve-http.js');
  return serve(...args);
}
