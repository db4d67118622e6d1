import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CatalogServer, DiscoveryErrorCode } from '../catalog/types.js';
import type { ServerSpec } from '../config/model.js';
import { authHint } from '../auth/errors.js';
import { redactUrl } from '../util/redact.js';
import { Deadline } from './deadline.js';
import { classifyError, describeError, DiscoveryError } from './errors.js';
import { DEFAULT_MAX_PAGES, listAllTools } from './list-tools.js';
import { connectServer, scrub, type LiveSession } from './session.js';
import { DEFAULT_STDERR_LIMIT, StderrBuffer } from './stderr-buffer.js';
import type { DiscoveredTool, DiscoveryOptions, ServerDiscovery } from './types.js';
import { DEFAULT_CONCURRENCY } from './defaults.js';

export { DEFAULT_CONCURRENCY } from './defaults.js';

/**
 * Discover the tools of every server, `options.concurrency` at a time, each under its own deadline
 * (`server.timeoutMs ?? options.timeoutMs`) covering spawn, initialize and every tools/list page.
 * Never throws for a server's failure: that server gets `status: 'error'` and a stable code, the others go on.
 * Every process started is dead when this resolves. Results are in input order.
 */
export async function discoverServers(servers: ServerSpec[], options: DiscoveryOptions): Promise<ServerDiscovery[]> {
  const results: ServerDiscovery[] = new Array(servers.length);
  const total = servers.length;
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      const index = next++;
      const spec = servers[index] as ServerSpec;
      options.onProgress?.({ server: spec.name, phase: 'start', done, total });
      const result = await discoverOne(spec, options);
      results[index] = result;
      done++;
      options.onProgress?.({ server: spec.name, phase: result.server.status === 'ok' ? 'done' : 'failed', done, total });
    }
  };
  const slots = Math.max(1, Math.min(options.concurrency || DEFAULT_CONCURRENCY, total));
  await Promise.all(Array.from({ length: slots }, worker));
  return results;
}

async function discoverOne(spec: ServerSpec, options: DiscoveryOptions): Promise<ServerDiscovery> {
  const startedAt = Date.now();
  const stderr = new StderrBuffer(options.stderrLimitBytes ?? DEFAULT_STDERR_LIMIT);
  const base = { name: spec.name, transport: spec.transport, source: spec.source.file, client: spec.source.client };
  const fail = (code: DiscoveryErrorCode, message: string, notes: string[] = [], hint?: string): ServerDiscovery => {
    const server: CatalogServer = {
      ...base,
      status: 'error',
      durationMs: Date.now() - startedAt,
      error: { code, message: scrub(spec, message), ...(hint ? { hint } : {}) },
      toolCount: 0,
      ...(notes.length ? { notes } : {}),
    };
    return { server, tools: [], stderr: stderr.text() };
  };
  if (options.signal?.aborted) return fail('INTERRUPTED', 'interrupted before the server was started');

  const deadline = new Deadline(spec.timeoutMs ?? options.timeoutMs, options.signal);
  let live: LiveSession;
  try {
    live = await connectServer(spec, deadline, stderr, { role: options.role, hostEnv: options.hostEnv, auth: options.auth });
  } catch (error) {
    deadline.dispose();
    if (error instanceof DiscoveryError) return fail(error.reason, error.message, [], error.hint);
    return fail('HANDSHAKE_FAILED', error instanceof Error ? error.message : String(error));
  }

  const notes = [...live.notes];
  try {
    let tools: Tool[] = [];
    let pages = 0;
    let malformed: CatalogServer['malformedTools'] = [];
    if (live.capabilities?.['tools']) {
      const listing = await deadline.race(
        listAllTools(live.client, { maxPages: options.maxPages ?? DEFAULT_MAX_PAGES, timeoutMs: () => deadline.remaining() }),
      );
      ({ tools, pages, malformed } = listing);
      notes.push(...listing.notes);
    } else {
      notes.push('the server does not declare the tools capability; no tools listed');
    }
    const durationMs = Date.now() - startedAt;
    deadline.dispose();
    // The caller may keep the session (call --execute sends tools/call on it); otherwise it ends here.
    if (!options.hold?.(spec.name, { session: live, stderr: () => stderr.text() })) await live.close();
    const server: CatalogServer = {
      ...base,
      status: 'ok',
      durationMs,
      ...(live.serverInfo ? { serverInfo: live.serverInfo } : {}),
      ...(live.protocolVersion ? { protocolVersion: live.protocolVersion } : {}),
      ...(live.capabilities ? { capabilities: live.capabilities } : {}),
      ...(live.instructions !== undefined ? { instructions: live.instructions } : {}),
      toolCount: tools.length,
      pages,
      ...(malformed.length ? { malformedTools: malformed } : {}),
      ...(notes.length ? { notes } : {}),
    };
    return { server, tools: tools.map((tool) => toDiscoveredTool(spec.name, tool)), stderr: stderr.text() };
  } catch (error) {
    await live.kill();
    deadline.dispose();
    const cause = live.explainError(error);
    const code = classifyError(cause, 'list', live.exited());
    const url = spec.url ? redactUrl(spec.url) : undefined;
    return fail(
      code,
      describeError(cause, code, { stage: 'list', ...(url ? { url } : {}) }),
      notes,
      code === 'AUTH_REQUIRED' ? authHint(spec, cause) : undefined,
    );
  }
}

/** Keep the tool's fields exactly as the server sent them (JSON keeps exact text), in a stable key order. */
function toDiscoveredTool(server: string, tool: Tool): DiscoveredTool {
  const ordered = { server, name: tool.name } as DiscoveredTool;
  if (tool.title !== undefined) ordered.title = tool.title;
  if (tool.description !== undefined) ordered.description = tool.description;
  ordered.inputSchema = tool.inputSchema as Record<string, unknown>;
  if (tool.outputSchema !== undefined) ordered.outputSchema = tool.outputSchema as Record<string, unknown>;
  if (tool.annotations !== undefined) ordered.annotations = tool.annotations;
  if (tool._meta !== undefined) ordered._meta = tool._meta as Record<string, unknown>;
  return ordered;
}

export { listAllTools } from './list-tools.js';
export { openSession } from './session.js';
