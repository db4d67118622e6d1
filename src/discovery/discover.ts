import { setMaxListeners } from 'node:events';
import type { Tool } from '@modelcontextprotocol/client';
import type { CatalogServer, DiscoveredTool, DiscoveryErrorCode, ServerDiscovery } from '../catalog/types.js';
import type { ServerSpec } from '../config/model.js';
import { authHint } from './auth-error.js';
import { exceedsJsonLimits } from '../util/json-walk.js';
import { redactUrl, SecretSet } from '../util/redact.js';
import { Deadline } from './deadline.js';
import { classifyFailure, describeError, DiscoveryError } from './errors.js';
import { DEFAULT_TOOL_LIMITS } from '../catalog/limits.js';
import { DEFAULT_MAX_PAGES } from './list-tools.js';
import { detectPackageRunner, runnerFailureAdvice, runnerLockWait, serverDeadlineMs, type PackageRunner } from './package-runner.js';
import type { AbandonedLock } from './npx-cache.js';
import { discardPrespawned } from './prespawn.js';
import { connectServer, type LiveSession } from './session.js';
import { spawnRequest } from './spawn-request.js';
import { DEFAULT_STDERR_LIMIT, StderrBuffer } from './stderr-buffer.js';
import type { DiscoveryOptions } from './types.js';
import { DEFAULT_CONCURRENCY } from './defaults.js';

export { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from './defaults.js';
export { serverDeadlineMs } from './package-runner.js';

/**
 * Discover the tools of every server, `options.concurrency` at a time, each under its own deadline
 * (`server.timeoutMs ?? options.timeoutMs`, else 10 s, or 120 s for a package runner) covering spawn, initialize and
 * every tools/list page.
 * Never throws for a server's failure: that server gets `status: 'error'` and a stable code, the others go on.
 * Every process started is dead when this resolves (unless `options.deferClose` takes over the successful servers'
 * shutdown). Results are in input order.
 */
export async function discoverServers(servers: ServerSpec[], options: DiscoveryOptions): Promise<ServerDiscovery[]> {
  const results: ServerDiscovery[] = new Array(servers.length);
  const total = servers.length;
  const slots = Math.max(1, Math.min(options.concurrency || DEFAULT_CONCURRENCY, total));
  const run = linkedAbort(options.signal, slots);
  const perServer: DiscoveryOptions = run ? { ...options, signal: run.signal } : options;
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      const index = next++;
      const spec = servers[index] as ServerSpec;
      options.onProgress?.({ server: spec.name, phase: 'start', done, total });
      const result = await discoverOne(spec, perServer, (phase, runner, lockWait) =>
        options.onProgress?.({ server: spec.name, phase, done, total, runner, ...(lockWait ? { lockWait } : {}) }),
      );
      results[index] = result;
      done++;
      options.onProgress?.({ server: spec.name, phase: result.server.status === 'ok' ? 'done' : 'failed', done, total, discovery: result });
    }
  };
  try {
    await Promise.all(Array.from({ length: slots }, worker));
  } finally {
    run?.dispose();
  }
  // Servers started ahead (spawn first) that no discovery adopted are not needed.
  await discardPrespawned();
  return results;
}

/**
 * This run's own signal, aborted when the caller's is: the caller's signal gets one listener however many servers run
 * at once (Node warns past 10 on a signal, and a library caller cannot be expected to raise that limit), and each
 * running server's deadline listens to ours, whose limit is the number of slots. `dispose()` unhooks it from the caller's.
 */
function linkedAbort(outer: AbortSignal | undefined, slots: number): { signal: AbortSignal; dispose(): void } | undefined {
  if (!outer) return undefined;
  const controller = new AbortController();
  setMaxListeners(Math.max(10, slots + 1), controller.signal);
  const onAbort = (): void => controller.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, dispose: () => outer.removeEventListener('abort', onAbort) };
}

const packageRunnerOf = (spec: ServerSpec): PackageRunner | undefined =>
  spec.transport === 'stdio' ? detectPackageRunner(spec.command, spec.args) : undefined;

async function discoverOne(
  spec: ServerSpec,
  options: DiscoveryOptions,
  progress: (phase: 'installing' | 'installed', runner: PackageRunner, lockWait?: AbandonedLock) => void,
): Promise<ServerDiscovery> {
  const startedAt = Date.now();
  const secrets = options.secrets ?? SecretSet.fromServers([spec]);
  const stderr = new StderrBuffer(options.stderrLimitBytes ?? DEFAULT_STDERR_LIMIT, secrets);
  const limits = options.toolLimits ?? DEFAULT_TOOL_LIMITS;
  const base = { name: spec.name, transport: spec.transport, source: spec.source.file, client: spec.source.client };
  const fail = (
    code: DiscoveryErrorCode,
    message: string,
    notes: string[] = [],
    extra: { hint?: string; serverCode?: number; supported?: string[] } = {},
  ): ServerDiscovery => {
    const server: CatalogServer = {
      ...base,
      status: 'error',
      durationMs: Date.now() - startedAt,
      error: {
        code,
        message: secrets.redact(message),
        ...(extra.hint ? { hint: extra.hint } : {}),
        ...(extra.serverCode !== undefined ? { serverCode: extra.serverCode } : {}),
        ...(extra.supported ? { supported: extra.supported } : {}),
      },
      toolCount: 0,
      ...(notes.length ? { notes } : {}),
    };
    return { server, tools: [], stderr: stderr.text() };
  };
  if (options.signal?.aborted) return fail('INTERRUPTED', 'interrupted before the server was started');

  const runner = packageRunnerOf(spec);
  const deadline = new Deadline(serverDeadlineMs(spec, options), options.signal);
  let installing = false;
  let live: LiveSession;
  try {
    live = await connectServer(spec, deadline, stderr, {
      role: options.role,
      hostEnv: options.hostEnv,
      auth: options.auth,
      revisions: options.revisions,
      probeWaitMs: options.probeWaitMs,
      secrets,
      maxResponseBytes: options.maxResponseBytes,
      ...(runner
        ? {
            packageRunner: true,
            onSpawn: () => {
              installing = true;
              progress('installing', runner, runnerLockWait(spec, runner, spawnRequest(spec, options.hostEnv ?? process.env).env));
            },
            onFirstMessage: () => {
              installing = false;
              progress('installed', runner);
            },
          }
        : {}),
    });
  } catch (error) {
    deadline.dispose();
    if (error instanceof DiscoveryError) {
      // A runner that never answered may have been installing, or its install folder may be broken: say so, and what to do.
      const advice = runner
        ? await runnerFailureAdvice(spec, {
            runner,
            reason: error.reason,
            installing,
            stderr: stderr.text(),
            env: spawnRequest(spec, options.hostEnv ?? process.env).env,
          })
        : {};
      const hint = error.hint ?? advice.hint;
      return fail(error.reason, `${error.message}${advice.message ? `; ${advice.message}` : ''}`, [], {
        ...(hint ? { hint } : {}),
        ...(error.serverCode !== undefined ? { serverCode: error.serverCode } : {}),
        ...(error.supported ? { supported: error.supported } : {}),
      });
    }
    return fail('HANDSHAKE_FAILED', error instanceof Error ? error.message : String(error));
  }

  const notes = [...live.notes];
  try {
    let tools: Tool[] = [];
    let pages = 0;
    let malformed: CatalogServer['malformedTools'] = [];
    if (live.capabilities?.['tools']) {
      const listing = await deadline.race(
        live.listTools({ maxPages: options.maxPages ?? DEFAULT_MAX_PAGES, timeoutMs: () => deadline.remaining(), toolLimits: limits }),
      );
      ({ tools, pages, malformed } = listing);
      notes.push(...listing.notes);
    } else {
      notes.push('the server does not declare the tools capability; no tools listed');
    }
    const durationMs = Date.now() - startedAt;
    deadline.dispose();
    // The caller may keep the session (call --execute sends tools/call on it); otherwise it ends here, or, with
    // deferClose, while the caller prints the results.
    if (!options.hold?.(spec.name, { session: live, stderr: () => stderr.text() })) {
      if (options.deferClose) options.deferClose(live.close());
      else await live.close();
    }
    // The same limits as tools: these go into the catalog (and its JSON output) too.
    const bounded = <T>(field: string, value: T | undefined): T | undefined => {
      const problem = value === undefined ? undefined : exceedsJsonLimits(value, limits);
      if (problem) notes.push(`${field} left out: it is ${problem}`);
      return problem ? undefined : value;
    };
    const serverInfo = bounded('serverInfo', live.serverInfo);
    const capabilities = bounded('capabilities', live.capabilities);
    const server: CatalogServer = {
      ...base,
      status: 'ok',
      durationMs,
      ...(serverInfo ? { serverInfo } : {}),
      ...(live.protocolVersion ? { protocolVersion: live.protocolVersion } : {}),
      ...(capabilities ? { capabilities } : {}),
      ...(live.instructions !== undefined ? { instructions: live.instructions } : {}),
      toolCount: tools.length,
      pages,
      ...(malformed.length ? { malformedTools: malformed } : {}),
      ...(notes.length ? { notes } : {}),
    };
    return { server, tools: tools.map((tool, index) => toDiscoveredTool(spec.name, tool, index)), stderr: stderr.text() };
  } catch (error) {
    // Classified before the kill (after it, every stdio server has exited).
    const cause = live.explainError(error);
    const { code, serverError } = classifyFailure(cause, 'list', live.exited(), live.wire);
    await live.kill();
    deadline.dispose();
    const url = spec.url ? redactUrl(spec.url) : undefined;
    const message = describeError(cause, code, { stage: 'list', ...(url ? { url } : {}), ...(serverError ? { serverError } : {}), wire: live.wire });
    return fail(code, message, notes, {
      ...(code === 'AUTH_REQUIRED' ? { hint: authHint(spec, cause) } : {}),
      ...(serverError ? { serverCode: serverError.code } : {}),
    });
  }
}

/**
 * Keep the tool's fields exactly as the server sent them (JSON keeps exact text), in a stable key order, and where the
 * server listed it (`listIndex`: clients register tools in that order).
 */
function toDiscoveredTool(server: string, tool: Tool, listIndex: number): DiscoveredTool {
  const ordered = { server, name: tool.name } as DiscoveredTool;
  if (tool.title !== undefined) ordered.title = tool.title;
  if (tool.description !== undefined) ordered.description = tool.description;
  ordered.inputSchema = tool.inputSchema as Record<string, unknown>;
  if (tool.outputSchema !== undefined) ordered.outputSchema = tool.outputSchema as Record<string, unknown>;
  if (tool.annotations !== undefined) ordered.annotations = tool.annotations;
  if (tool._meta !== undefined) ordered._meta = tool._meta as Record<string, unknown>;
  ordered.listIndex = listIndex;
  return ordered;
}

export { listAllTools } from './list-tools.js';
export { openSession } from './session.js';
