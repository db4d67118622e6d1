import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import type { Catalog } from '../../catalog/types.js';
import { parseArgumentsJson, type ToolArguments } from '../../call/arguments.js';
import { parseAnswers, type SuppliedAnswers } from '../../call/elicitation.js';
import { correlateResult, FULFILLER } from '../../call/correlate.js';
import type { Execution } from '../../call/execute.js';
import { assertValid, callDocument, planCall, type CallPlan } from '../../call/plan.js';
import { serverFailedError, withFailedServers } from '../../call/failed-server.js';
import { callTimeoutError, DEFAULT_CALL_TIMEOUT_MS, elicitationOutcomeError, formatSeconds, type ElicitationTally } from '../../call/outcome.js';
import { binaryContent, checkOutput } from '../../call/result.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { unknownServer } from '../../config/select-servers.js';
import type { ClientRole } from '../../discovery/session.js';
import type { HeldSession } from '../../discovery/types.js';
import { McpnsError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { defineAction, namingErrorCodes, type CommandHost, type Runtime } from '../services/command.js';
import { collect, positiveInteger } from '../options/parsers.js';
import { withDiscoveryOptions, type DiscoverySettings } from '../options/discovery-options.js';
import { envelopeSettings, withEnvelopeOptions } from '../options/envelope-options.js';
import { withPresetOption } from '../options/naming-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { outputFile, writeOutputFile } from '../services/write-output.js';
import { renderPlan, renderResult, showExecutionEvent } from '../services/call-output.js';
import { authResolverFor } from '../services/auth.js';
import { revisionStore } from '../services/revisions.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';
import { createElicitationResponder } from '../services/elicitation-prompt.js';
import { Prompter } from '../services/prompt.js';
import { confirmCall } from '../services/call-confirmation.js';
import { readDocument } from '../../util/read-document.js';
import { InputTooLargeError, readAll } from '../services/stdin.js';
import { DEFAULT_TOOL_LIMITS } from '../../catalog/limits.js';
import { exceedsJsonLimits } from '../../util/json-walk.js';

const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** Options that only mean something when the call is sent. */
const EXECUTE_ONLY = ['answers', 'root', 'saveDir', 'logLevel', 'maxCallTime'] as const;

export function registerCall(program: Command, host: CommandHost): void {
  const base = program
    .command('call')
    .description('resolve a tool name, validate arguments and print the envelope an agent would send (dry run; --execute sends it)')
    .argument('<name>', 'tool name: server/tool, a name in --style, a --preset name, or a short name')
    .argument('[pairs...]', 'arguments as key=value (typed by the input schema) or key:=<json>')
    .option('--args <json>', 'arguments as a JSON object, @file.json, or - for stdin')
    .option('--no-validate', 'do not validate arguments against the input schema')
    .addOption(new Option('--pick <rule>', 'pick among several servers offering a short name').choices(['priority'] as const))
    .option('--namespace <server>', 'server a short name is meant on (disambiguates without a qualified name)')
    .option('--execute', 'really send tools/call to the server and print the result')
    .option('-y, --yes', 'with --execute: send without the confirmation prompt (whatever the tool); a non-interactive run accepts elicitation defaults')
    .addOption(
      new Option('--call-timeout <ms>', 'with --execute: longest wait for the tools/call answer without progress (progress resets it)')
        .argParser(positiveInteger)
        .default(DEFAULT_CALL_TIMEOUT_MS),
    )
    .addOption(
      new Option('--max-call-time <ms>', 'with --execute: hard ceiling for the whole tools/call, progress or not (default: none)').argParser(positiveInteger),
    )
    .option('--answers <json|file>', 'with --execute: elicitation answers for scripts (a JSON object of field values, a list of them, or a file)')
    .addOption(new Option('--log-level <level>', 'with --execute: ask the server for log messages at this level and above, and show them').choices(LOG_LEVELS))
    .addOption(
      new Option('--root <dir>', 'with --execute: declare the roots capability and answer roots/list with this directory (repeatable)').argParser(collect),
    )
    .option('--save-dir <dir>', 'with --execute: save images, audio and binary resources of the result into this directory')
    .option('--envelope-only', 'print only the envelope JSON')
    .addHelpText(
      'after',
      `
Examples (each runs in a checkout of mcpns: its demo config, and fixtures/configs/execute.mcpns.json):
  mcpns call calculator/add --args '{"a":5,"b":3}'
  mcpns call multiply a=5 b=3 --id env-1 --ts 2026-01-01T00:00:00Z
  mcpns call mcp__calculator__add --preset claude-code a=5 b=3
  mcpns call add --pick priority --profile router a=1 b=2 --envelope mcpx
  mcpns call calculator/add a=5 b=3 --execute
  mcpns call long-running/progress duration_ms=1500 --execute --call-timeout 120000 --max-call-time 900000 -c fixtures/configs/execute.mcpns.json
  mcpns call assistant/provision --execute --yes --answers '{"region":"us-east","size":120}' -c fixtures/configs/execute.mcpns.json

Dry run is the default: only tools/list is fetched (nothing with --catalog), tools/call is never sent.
Timeouts: --timeout bounds discovery and connecting (spawn, initialize, tools/list) per server; --call-timeout bounds
the wait for the tools/call answer and restarts with every progress notification; --max-call-time caps the whole call.
Time spent answering an elicitation prompt counts toward neither.
Confirmation: --execute asks before sending (on a terminal; without one it refuses, CONFIRMATION_REQUIRED) unless
you pass --yes or your mcpns.config.json trusts the tool: "call": {"trust": ["calculator/*", "files/read_file"]}
(globs over server/tool). A tool's readOnlyHint is the server's own claim and never skips the confirmation.
Exit codes: 0 ok · 1 the executed tool returned isError, its structured content broke its outputSchema, the call
timed out (CALL_TIMEOUT), or the confirmation or an elicitation was declined (DECLINED) · 2 unresolvable name,
invalid arguments, no capability, transport error, confirmation required, or an elicitation a script could not
answer (ELICITATION_INCOMPLETE) · 130 interrupted (the call is cancelled).`,
    );
  const named = withPresetOption(withEnvelopeOptions(base), 'also accept names these presets give the model, and show them (comma-separated, repeatable)');
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(named), { hasPositionals: true }));

  defineAction(namingErrorCodes(command), host, async (runtime, options, name, pairs) => {
    const config = await loadConfigurationFor(runtime, options);
    const args = options.args === undefined ? undefined : await readArgs(runtime, options.args);
    const settings = envelopeSettings(options, config, { cwd: runtime.io.cwd, now: runtime.io.now() });
    const { id, ts } = settings;

    const planFor = (catalog: Catalog): CallPlan =>
      planCall({
        name,
        catalog,
        ...settings,
        ...(args ? { arguments: args } : {}),
        pairs,
        validate: options.validate !== false,
        presets: options.preset ?? [],
      });

    if (!options.execute) {
      const given = EXECUTE_ONLY.filter((key) => options[key] !== undefined);
      if (given.length) throw new UsageError(`${given.map(flagName).join(', ')} only apply with --execute`, { hint: 'add --execute to send the call' });
      const plan = await planWithCatalog(runtime, options, config, name, planFor);
      assertValid(plan);
      if (options.envelopeOnly) runtime.console.out(JSON.stringify(plan.envelope, null, 2) + '\n');
      else if (runtime.console.json) runtime.console.out(JSON.stringify(callDocument(plan), null, 2) + '\n');
      else runtime.console.out(renderPlan(plan, runtime.console.color) + `\ndry run: nothing was sent (--execute sends it)\n`);
      return EXIT.OK;
    }

    // --execute: one MCP client session for the whole call; discovery opens it with the execution's capabilities.
    const roots = (options.root ?? []).map((dir) => rootDirectory(runtime, dir));
    const answers = options.answers === undefined ? undefined : readAnswers(runtime, options.answers);
    const saveDir = options.saveDir === undefined ? undefined : resolve(runtime.io.cwd, options.saveDir);
    const prompter = new Prompter(runtime);
    const { responder, tally } = createElicitationResponder(runtime, prompter, { acceptDefaults: options.yes === true, answers });
    const { Execution, rootsFromDirectories } = await import('../../call/execute.js');
    const auth = options.catalog ? await authResolverFor(runtime, config?.servers ?? []) : undefined;
    const execution = new Execution({
      ...(auth ? { auth } : {}),
      revisions: revisionStore(runtime),
      callTimeoutMs: options.callTimeout,
      maxCallTimeMs: options.maxCallTime,
      logLevel: options.logLevel,
      roots: rootsFromDirectories(roots),
      signal: runtime.io.signal,
      hostEnv: runtime.io.env,
      secrets: runtime.console.secrets,
      maxResponseBytes: options.maxResponseSize,
      elicit: responder,
      onEvent: (event) => showExecutionEvent(runtime, event, { logs: runtime.console.settings.verbose || options.logLevel !== undefined }),
    });
    try {
      const plan = await planWithCatalog(runtime, options, config, name, planFor, execution);
      assertValid(plan);
      // Only the chosen server's session stays open.
      await execution.closeAllBut(plan.tool.server);
      await confirmCall(runtime, prompter, plan, options.yes === true, config);
      return await execute(runtime, config, plan, execution, tally, {
        id,
        fixedIds: options.id !== undefined,
        ts,
        fixedTs: options.ts !== undefined,
        envelopeOnly: options.envelopeOnly === true,
        connectTimeoutMs: options.timeout,
        saveDir,
      });
    } finally {
      await execution.release();
    }
  });
}

const flagName = (key: string): string => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** `--root <dir>`: an existing directory, absolute. */
function rootDirectory(runtime: Runtime, dir: string): string {
  const path = resolve(runtime.io.cwd, dir);
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    // reported below
  }
  if (!isDirectory) throw new UsageError(`--root ${dir} is not a directory`, { hint: 'roots are directories the server may work in' });
  return path;
}

/** `--answers`: inline JSON (an object or a list), `@file`, or a file name. */
function readAnswers(runtime: Runtime, value: string): SuppliedAnswers {
  const trimmed = value.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return parseAnswers(value);
  const name = value.startsWith('@') ? value.slice(1) : value;
  const text = readDocument(
    resolve(runtime.io.cwd, name),
    (why) =>
      new McpnsError('ARGS_INVALID', `cannot read --answers file ${name}: ${why}`, { hint: `--answers takes JSON ('{"field":"value"}') or a file holding it` }),
  );
  return parseAnswers(text, name);
}

/** What discovery needs from an execution: the client role, and taking over the sessions it opens. */
interface SessionKeeper {
  role: ClientRole;
  hold(server: string, session: HeldSession): boolean;
  closeAllBut(keep?: string): Promise<void>;
}

/**
 * Discover only what resolution needs: a canonical `server/tool` name for a configured server discovers
 * just that server; anything else (short names, other styles, presets) needs every server, because
 * uniqueness and collisions are properties of the whole catalog. With `--execute`, discovery's sessions are
 * kept (`keeper`), so the call goes out on the session that listed the tool.
 */
async function planWithCatalog(
  runtime: Runtime,
  settings: DiscoverySettings,
  config: LoadedConfig | undefined,
  name: string,
  plan: (catalog: Catalog) => CallPlan,
  keeper?: SessionKeeper,
): Promise<CallPlan> {
  const client = keeper ? { role: keeper.role, hold: keeper.hold } : undefined;
  const narrow = !settings.catalog && !settings.server?.length && config ? config.servers.find((server) => name.startsWith(`${server.name}/`)) : undefined;
  if (narrow) {
    try {
      const { catalog } = await obtainCatalog(runtime, { settings, config, servers: [narrow.name], client });
      // The server the name points at failed: that failure is the cause (e.g. AUTH_REQUIRED), not a missing tool.
      const failed = catalog.servers.find((server) => server.name === narrow.name && server.status === 'error');
      if (failed?.error) throw serverFailedError(narrow.name, failed.error);
      const result = plan(catalog);
      if (result.resolution.via === 'qualified' && result.resolution.server === narrow.name) return result;
    } catch (error) {
      if (!(error instanceof McpnsError) || (error.code !== 'TOOL_NOT_FOUND' && error.code !== 'TOOL_AMBIGUOUS')) throw error;
    }
    // The whole catalog is discovered next: it opens its own session for that server.
    await keeper?.closeAllBut();
  }
  const { catalog } = await obtainCatalog(runtime, { settings, config, client });
  try {
    return plan(catalog);
  } catch (error) {
    throw error instanceof McpnsError ? withFailedServers(error, catalog.servers) : error;
  }
}

/** `--args`: inline JSON, `@file.json`, or `-` for stdin. */
async function readArgs(runtime: Runtime, value: string): Promise<ToolArguments> {
  if (value === '-') {
    const source = '--args - (stdin)';
    const text = await readAll(runtime.io.stdin).catch((error: unknown) => {
      throw error instanceof InputTooLargeError ? new McpnsError('ARGS_INVALID', `${source} is ${error.message}`) : error;
    });
    return parseArgumentsJson(text, source);
  }
  if (value.startsWith('@')) {
    const file = resolve(runtime.io.cwd, value.slice(1));
    const hint = 'use --args - to read the arguments from standard input';
    const text = readDocument(file, (why) => new McpnsError('ARGS_INVALID', `cannot read --args file ${value.slice(1)}: ${why}`, { location: { file }, hint }));
    return parseArgumentsJson(text, value.slice(1));
  }
  return parseArgumentsJson(value, '--args');
}

interface ExecuteOptions {
  id: string;
  fixedIds: boolean;
  ts: string;
  fixedTs: boolean;
  envelopeOnly: boolean;
  /** --timeout: bounds connecting when discovery handed over no session (--catalog); absent, the server's default. */
  connectTimeoutMs: number | undefined;
  /** --save-dir (absolute). */
  saveDir: string | undefined;
}

async function execute(
  runtime: Runtime,
  config: LoadedConfig | undefined,
  plan: CallPlan,
  execution: Execution,
  tally: ElicitationTally,
  options: ExecuteOptions,
): Promise<number> {
  const { tool } = plan;
  const label = `${tool.server}/${tool.name}`;
  const spec = config?.servers.find((server) => server.name === tool.server);
  if (!spec) throw unknownServer(tool.server, config?.servers.map((server) => server.name) ?? []);

  const { CallTimeoutError, CallFailedError } = await import('../../call/execute.js');
  let outcome;
  try {
    outcome = await execution.call(spec, tool.name, plan.arguments, { timeoutMs: options.connectTimeoutMs, inputSchema: tool.inputSchema });
  } catch (error) {
    runtime.console.clearProgress();
    if (runtime.io.signal.aborted) throw error;
    if (error instanceof CallTimeoutError) throw callTimeoutError(label, error);
    // Connecting failed for authorization (--catalog runs open the session here): the real cause, with its hint.
    if (error instanceof McpnsError && error.details?.['reason'] === 'AUTH_REQUIRED') {
      throw serverFailedError(spec.name, { code: 'AUTH_REQUIRED', message: error.message, ...(error.hint ? { hint: error.hint } : {}) });
    }
    if (error instanceof CallFailedError) {
      if (error.stderr.trim())
        runtime.console.excerpt('stderr', `stderr of ${tool.server}:`, error.stderr.trimEnd().split('\n').slice(-10), { server: tool.server });
      throw new McpnsError('TRANSPORT', error.message, { cause: error.cause });
    }
    throw error;
  }
  runtime.console.clearProgress();
  runtime.console.detail(`tools/call ${label} answered after ${formatSeconds(outcome.elapsedMs)}`);
  const { result, elicitations } = outcome;
  // Printing and enveloping the result serialise it (recursively): a hostile depth must be an error, not a crash.
  const tooDeep = exceedsJsonLimits(result, { maxDepth: DEFAULT_TOOL_LIMITS.maxDepth, maxBytes: Number.MAX_SAFE_INTEGER });
  if (tooDeep) throw new McpnsError('TRANSPORT', `tools/call ${label}: the result is ${tooDeep}`);

  const binary = binaryContent(result, tool.name);
  const saved = new Map<number, string>();
  if (options.saveDir) {
    for (const item of binary) {
      const shown = join(options.saveDir, item.fileName);
      const file = outputFile(runtime.io.cwd, shown, '--save-dir');
      if (!file) continue;
      writeOutputFile(file, Buffer.from(item.data, 'base64'));
      saved.set(item.index, file.path);
    }
  }
  const output = checkOutput(tool.outputSchema, result);

  const ts = options.fixedTs ? options.ts : runtime.io.now().toISOString();
  const { fulfillment, response } = correlateResult(plan, result, {
    id: (role) => (options.fixedIds ? `${options.id}-${role}` : randomUUID()),
    ts,
    fallbackId: options.id,
  });
  const isError = result['isError'] === true;

  if (options.envelopeOnly) {
    runtime.console.out(JSON.stringify(response, null, 2) + '\n');
  } else if (runtime.console.json) {
    const document = {
      ...callDocument(plan, 'execute'),
      ...(fulfillment ? { fulfillment } : {}),
      result,
      response,
      ...(elicitations.length ? { elicitations } : {}),
      ...(output ? { outputValidation: output } : {}),
      ...(saved.size ? { saved: [...saved].map(([index, path]) => ({ index, path })) } : {}),
    };
    runtime.console.out(JSON.stringify(document, null, 2) + '\n');
  } else {
    let text = renderPlan(plan, runtime.console.color);
    if (fulfillment) text += `\nfulfilled by ${FULFILLER} (the proposal was confirmed):\n${JSON.stringify(fulfillment, null, 2)}\n`;
    text += `\n${renderResult(result, label, runtime.console.color, { binary, saved, output })}\nresponse:\n${JSON.stringify(response, null, 2)}\n`;
    runtime.console.out(text);
  }

  const elicitationOutcome = elicitationOutcomeError(tally);
  if (elicitationOutcome) throw elicitationOutcome;
  if (output && !output.valid) {
    runtime.console.warn(
      `structured content of ${label} violates its outputSchema (${output.violations.length} violation${output.violations.length === 1 ? '' : 's'})`,
      {
        code: 'OUTPUT_SCHEMA_MISMATCH',
        violations: output.violations,
      },
    );
    return EXIT.FINDINGS;
  }
  return isError ? EXIT.FINDINGS : EXIT.OK;
}
