/**
 * `call --execute` as an MCP client: the capabilities mcpns declares and the handlers behind them (elicitation,
 * roots, logging, refusing sampling), one session per execution (discovery hands its session over), and the
 * tools/call itself under mcpns's own deadline: reset by progress, paused while the user answers an elicitation,
 * bounded by a hard ceiling, cancelled with notifications/cancelled on expiry or interrupt.
 *
 * Loaded only when a call is executed (it loads the MCP SDK). Everything the terminal needs is a plain-data event
 * (`onEvent`) or a question (`elicit`); prompting and rendering live in src/cli.
 */
import { ProtocolErrorCode, type Client, type ElicitResult, type LoggingLevel, type Tool } from '@modelcontextprotocol/client';
import { hasHeaderMarks } from '../discovery/x-mcp-header.js';
import { z } from 'zod';
import type { ServerSpec } from '../config/model.js';
import { detectPackageRunner, serverDeadlineMs } from '../discovery/package-runner.js';
import { Deadline } from '../discovery/deadline.js';
import { connectServer, type ClientRole, type LiveSession } from '../discovery/session.js';
import { DEFAULT_STDERR_LIMIT, StderrBuffer } from '../discovery/stderr-buffer.js';
import { McpnsError } from '../errors.js';
import type { HeldSession } from '../discovery/types.js';
import { describeForm, maskContent } from './elicitation.js';
import type { ToolArguments } from './arguments.js';
import { formatBytes } from '../util/json-walk.js';
import { CallClock } from './call-clock.js';
import {
  CallFailedError,
  CallTimeoutError,
  type CallOutcome,
  type ElicitationAnswer,
  type ElicitationQuestion,
  type ElicitationRecord,
  type ExecutionSettings,
} from './execution-types.js';

export { CallFailedError, CallTimeoutError, rootsFromDirectories } from './execution-types.js';
export type {
  CallOutcome,
  ElicitationAnswer,
  ElicitationQuestion,
  ElicitationRecord,
  ElicitationResponder,
  ExecutionEvent,
  ExecutionSettings,
  Root,
} from './execution-types.js';

/** The SDK's own request timer is not used (mcpns keeps the deadline): the largest delay setTimeout accepts. */
const NO_SDK_TIMEOUT = 2_147_483_647;

/** A loose result: every content type is kept as sent (the SDK schema would reject unknown ones). */
const LooseCallToolResultSchema = z.looseObject({ content: z.array(z.unknown()).optional(), isError: z.boolean().optional() });

/**
 * One execution of `call --execute`. Give `role` and `hold` to discovery so the session it opens is kept (and
 * declares the right capabilities); then `call()` sends tools/call on it, or opens one when none is held (--catalog).
 * `release()` closes every session; it must run in a `finally`.
 */
export class Execution {
  readonly role: ClientRole;
  private readonly held = new Map<string, HeldSession>();
  private readonly elicitations: ElicitationRecord[] = [];
  /** The in-flight tools/call: aborting it makes the SDK send notifications/cancelled. */
  private callController: AbortController | undefined;
  private clock: CallClock | undefined;
  /** The server whose tools/call is in flight: the only one whose elicitations are answered, and only meanwhile. */
  private calling: string | undefined;
  private released = false;
  private readonly onAbort = (): void => {
    // Cancel first (the SDK writes notifications/cancelled synchronously), then end the sessions gracefully.
    this.callController?.abort('interrupted by the user (SIGINT)');
    void this.release();
  };

  constructor(private readonly settings: ExecutionSettings) {
    const roots = settings.roots ?? [];
    this.role = {
      capabilities: { elicitation: { form: {}, url: {} }, ...(roots.length ? { roots: { listChanged: false } } : {}) },
      install: (client, server) => this.install(client, server),
    };
    settings.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** For DiscoveryOptions.hold: keep every session discovery opens (release the unneeded ones after planning). */
  readonly hold = (server: string, session: HeldSession): boolean => {
    if (this.released || this.settings.signal.aborted) return false;
    this.held.set(server, session);
    return true;
  };

  /** Close the held sessions except `keep`'s (the servers discovery needed but the call does not). */
  async closeAllBut(keep?: string): Promise<void> {
    const closing = [...this.held].filter(([server]) => server !== keep);
    for (const [server] of closing) this.held.delete(server);
    await Promise.all(closing.map(([, held]) => held.session.close()));
  }

  /** The end of the execution: every session closed, nothing held any more. */
  async release(): Promise<void> {
    this.released = true;
    this.settings.signal.removeEventListener('abort', this.onAbort);
    await this.closeAllBut();
  }

  /**
   * Send tools/call on the server's session (opened now when discovery did not hand one over). `inputSchema` is the
   * tool's, as listed: on a 2026-07-28 HTTP session the parameters it marks with `x-mcp-header` are also sent as
   * `Mcp-Param-*` headers.
   */
  async call(
    spec: ServerSpec,
    tool: string,
    args: ToolArguments,
    connect: { timeoutMs?: number | undefined; inputSchema?: Record<string, unknown> | undefined },
  ): Promise<CallOutcome> {
    const reused = this.held.get(spec.name);
    const held = reused ?? (await this.open(spec, connect.timeoutMs));
    this.held.set(spec.name, held);
    this.settings.onEvent({ type: 'connected', server: spec.name, reused: reused !== undefined });
    const { client, capabilities, wire } = held.session;
    // Progress the server sent is counted on the wire; the SDK reports each multi-round-trip round through the same
    // callback without any notification.
    let progressHandled = wire.progressNotifications;
    if (this.settings.logLevel) await this.setLogLevel(client, spec.name, capabilities, this.settings.logLevel);

    const controller = new AbortController();
    this.callController = controller;
    const startedAt = Date.now();
    let expired: CallTimeoutError | undefined;
    const clock = new CallClock(this.settings.callTimeoutMs, this.settings.maxCallTimeMs, (limit, limitMs) => {
      expired = new CallTimeoutError(limit, limitMs, Date.now() - startedAt);
      controller.abort(`mcpns: --${limit} of ${limitMs} ms passed`);
    });
    this.clock = clock;
    this.calling = spec.name;
    if (this.settings.signal.aborted) controller.abort('interrupted by the user (SIGINT)');
    try {
      const requestOptions = {
        signal: controller.signal,
        timeout: NO_SDK_TIMEOUT,
        // Setting onprogress is what makes the SDK add _meta.progressToken to the request.
        onprogress: (progress: { progress: number; total?: number; message?: string }) => {
          if (wire.progressNotifications === progressHandled) {
            this.settings.onEvent({ type: 'input-round', server: spec.name, tool, round: progress.progress });
            return;
          }
          progressHandled = wire.progressNotifications;
          clock.touch();
          this.settings.onEvent({
            type: 'progress',
            server: spec.name,
            tool,
            progress: progress.progress,
            ...(progress.total !== undefined ? { total: progress.total } : {}),
            ...(progress.message !== undefined ? { message: progress.message } : {}),
            elapsedMs: Date.now() - startedAt,
          });
        },
      };
      const params = { name: tool, arguments: args };
      // The SDK mirrors marked parameters into Mcp-Param-* headers in callTool, given the definition; it then also
      // holds the result to the spec's CallToolResult (the loose request keeps content types it does not know).
      const mirror =
        connect.inputSchema !== undefined && client.getProtocolEra() === 'modern' && spec.transport !== 'stdio' && hasHeaderMarks(connect.inputSchema);
      const result = mirror
        ? await client.callTool(params, { ...requestOptions, toolDefinition: { name: tool, inputSchema: connect.inputSchema as Tool['inputSchema'] } })
        : await client.request({ method: 'tools/call', params }, LooseCallToolResultSchema, requestOptions);
      return { result: result as Record<string, unknown>, elapsedMs: Date.now() - startedAt, elicitations: [...this.elicitations], stderr: held.stderr() };
    } catch (error) {
      if (expired) throw expired;
      if (this.settings.signal.aborted) throw error;
      // The answer grew past the cap: the transport stopped reading and ended the connection, which the SDK reports
      // as "Connection closed"; the cause is the size.
      const tooLarge = held.session.wire.tooLarge;
      if (tooLarge) {
        throw new McpnsError(
          'RESPONSE_TOO_LARGE',
          `tools/call ${spec.name}/${tool}: the answer was larger than ${formatBytes(tooLarge.limitBytes)}; reading stopped there`,
          {
            hint: 'raise --max-response-size <bytes> if a result this large is expected',
            details: { limitBytes: tooLarge.limitBytes },
            cause: error,
          },
        );
      }
      // Refused for authorization (e.g. the tool needs more scope than the sign-in granted): AUTH_REQUIRED with its hint.
      const explained = held.session.explainError(error);
      if (explained instanceof McpnsError) throw explained;
      const message = error instanceof Error ? error.message : String(error);
      throw new CallFailedError(`tools/call ${spec.name}/${tool} failed: ${message}`, held.stderr(), { cause: error });
    } finally {
      clock.stop();
      this.clock = undefined;
      this.calling = undefined;
      this.callController = undefined;
    }
  }

  private async open(spec: ServerSpec, timeoutMs: number | undefined): Promise<HeldSession> {
    const stderr = new StderrBuffer(DEFAULT_STDERR_LIMIT, this.settings.secrets);
    // --timeout when given, else the server's own deadline or the default for its kind (120 s for a package runner).
    const deadline = new Deadline(serverDeadlineMs(spec, { timeoutMs }), this.settings.signal);
    const runner = spec.transport === 'stdio' && detectPackageRunner(spec.command, spec.args) !== undefined;
    let session: LiveSession;
    try {
      session = await connectServer(spec, deadline, stderr, {
        role: this.role,
        hostEnv: this.settings.hostEnv,
        auth: this.settings.auth,
        revisions: this.settings.revisions,
        secrets: this.settings.secrets,
        maxResponseBytes: this.settings.maxResponseBytes,
        ...(runner ? { packageRunner: true } : {}),
      });
    } finally {
      deadline.dispose();
    }
    return { session, stderr: () => stderr.text() };
  }

  private async setLogLevel(client: Client, server: string, capabilities: Record<string, unknown> | undefined, level: LoggingLevel): Promise<void> {
    if (!capabilities?.['logging']) {
      this.settings.onEvent({ type: 'log-level', server, level, sent: false, reason: 'the server does not declare the logging capability' });
      return;
    }
    try {
      await client.setLoggingLevel(level, { timeout: this.settings.callTimeoutMs, signal: this.settings.signal });
      this.settings.onEvent({ type: 'log-level', server, level, sent: true });
    } catch (error) {
      if (this.settings.signal.aborted) throw error;
      this.settings.onEvent({ type: 'log-level', server, level, sent: false, reason: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Handlers behind the declared capabilities, plus clear refusals for what mcpns does not offer. */
  private install(client: Client, server: string): void {
    const roots = this.settings.roots ?? [];
    client.setRequestHandler('elicitation/create', async (request, context) => {
      const params = request.params;
      const mode = params.mode === 'url' ? 'url' : 'form';
      // The user's answers (and --yes) are for the tool they called: a server asking while it is listed, or after
      // the call, gets an error and nothing else.
      if (this.calling !== server) {
        this.settings.onEvent({ type: 'elicitation-refused', server, mode, reason: 'not-calling' });
        throw jsonRpcError(ProtocolErrorCode.InvalidRequest, 'mcpns answers elicitation only from the server whose tool it calls, while that call runs');
      }
      if (params.mode === 'url' && !isWebUrl(params.url)) {
        this.settings.onEvent({ type: 'elicitation-refused', server, mode, reason: 'url-scheme', url: params.url });
        throw jsonRpcError(ProtocolErrorCode.InvalidParams, 'URL-mode elicitation needs an http or https URL');
      }
      const question: ElicitationQuestion =
        params.mode === 'url'
          ? { mode: 'url', server, message: params.message, url: params.url, elicitationId: params.elicitationId }
          : { mode: 'form', server, message: params.message, form: describeForm(params.requestedSchema as Record<string, unknown>) };
      // Time spent waiting for a person is not the server's time.
      this.clock?.pause();
      let answer: ElicitationAnswer;
      try {
        answer = await this.settings.elicit(question, AbortSignal.any([context.mcpReq.signal, this.settings.signal]));
      } finally {
        this.clock?.resume();
      }
      this.elicitations.push({
        server,
        mode: question.mode,
        message: question.message,
        action: answer.action,
        ...(question.mode === 'form' && answer.action === 'accept' && answer.content ? { content: maskContent(question.form, answer.content) } : {}),
        ...(question.mode === 'url' ? { url: question.url } : {}),
      });
      return (
        answer.action === 'accept' && question.mode === 'form' ? { action: 'accept', content: answer.content ?? {} } : { action: answer.action }
      ) as ElicitResult;
    });
    if (roots.length) {
      client.setRequestHandler('roots/list', () => {
        this.settings.onEvent({ type: 'roots-listed', server, roots: [...roots] });
        return { roots: roots.map((root) => ({ uri: root.uri, name: root.name })) };
      });
    }
    // Sampling (and roots without --root) are not declared; a server that asks anyway gets a JSON-RPC error that says why.
    client.fallbackRequestHandler = (request) => {
      if (request.method === 'sampling/createMessage') {
        this.settings.onEvent({ type: 'sampling-refused', server });
        return Promise.reject(
          jsonRpcError(ProtocolErrorCode.MethodNotFound, 'mcpns does not support sampling/createMessage: it has no model and declares no sampling capability'),
        );
      }
      this.settings.onEvent({ type: 'request-refused', server, method: request.method });
      const why = request.method === 'roots/list' ? ' (no roots declared; mcpns call --root <dir> declares them)' : '';
      return Promise.reject(jsonRpcError(ProtocolErrorCode.MethodNotFound, `mcpns does not support ${request.method}${why}`));
    };
    client.setNotificationHandler('notifications/message', (notification) => {
      const { level, logger, data } = notification.params;
      this.settings.onEvent({ type: 'log', server, level, ...(logger !== undefined ? { logger } : {}), data });
    });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      this.settings.onEvent({ type: 'elicitation-complete', server, elicitationId: notification.params.elicitationId });
    });
  }
}

/** A JSON-RPC error whose message is exactly `message`. */
function jsonRpcError(code: ProtocolErrorCode, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** An http(s) URL: the only pages a person is asked to open (javascript:, file:, data: … are refused). */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
