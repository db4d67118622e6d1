import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import type { Catalog } from '../../catalog/types.js';
import { parseArgumentsJson, type ToolArguments } from '../../call/arguments.js';
import { parseAnswers, type SuppliedAnswers } from '../../call/elicitation.js';
import { buildMewEnvelope, buildResponseEnvelope } from '../../call/envelope.js';
import type { Execution } from '../../call/execute.js';
import { assertValid, callDocument, planCall, type CallPlan } from '../../call/plan.js';
import { serverFailedError, withFailedServers } from '../../call/failed-server.js';
import { priorityFunction } from '../../call/priority.js';
import { binaryContent, checkOutput } from '../../call/result.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { unknownServer } from '../../config/select-servers.js';
import type { ClientRole, HeldSession } from '../../discovery/types.js';
import { McpnsError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { DEFAULT_STYLE } from '../../naming/index.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { clientPresets } from '../../config/client-presets.js';
import { defineAction, namingErrorCodes, type CommandHost, type Runtime } from '../command.js';
import { collect, positiveInteger } from '../options/parsers.js';
import { withDiscoveryOptions, type DiscoverySettings } from '../options/discovery-options.js';
import { withEnvelopeOptions } from '../options/envelope-options.js';
import { withPresetOption } from '../options/naming-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { loadParticipant } from '../participant.js';
import { makeChalk } from '../render-table.js';
import { outputFile, writeOutputFile } from '../write-output.js';
import { renderResult, showExecutionEvent } from '../services/call-output.js';
import { authResolverFor } from '../services/auth.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';
import { createElicitationResponder, type ElicitationTally } from '../services/elicitation-prompt.js';
import { Prompter } from '../services/prompt.js';
import { readDocument } from '../document.js';
import { InputTooLargeError, readAll } from '../stdin.js';
import { DEFAULT_TOOL_LIMITS } from '../../catalog/limits.js';
import { exceedsJsonLimits } from '../../util/json-walk.js';

/** Who fulfils a proposal when `--execute` runs it: the person confirming the call (MEW SPEC §3 fulfillment). */
const FULFILLER = 'operator';

/** Default --call-timeout: the MCP SDK's own default request timeout. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

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
    .option('-y, --yes', 'with --execute: no confirmation for tools not marked readOnlyHint; a non-interactive run accepts elicitation defaults')
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
    const participant = loadParticipant(runtime.io.cwd, config, options);
    const styleId = options.style ?? config?.naming.style ?? DEFAULT_STYLE;
    const presets = options.preset ?? [];
    const id = options.id ?? randomUUID();
    const ts = options.ts ?? runtime.io.now().toISOString();

    const planFor = (catalog: Catalog): CallPlan =>
      planCall({
        name,
        catalog,
        resolve: {
          style: styleId,
          // Names as the clients whose files were read render them resolve without --preset.
          presets: [...new Set([...presets, ...(config ? clientPresets(config.servers) : [])])],
          ...(options.pick ? { pick: options.pick } : {}),
          priority: priorityFunction(config, options.profile),
          ...(options.namespace ? { namespaceHint: options.namespace } : {}),
          prefixes: config ? namespacePrefixes(config) : {},
        },
        ...(args ? { arguments: args } : {}),
        pairs,
        validate: options.validate !== false,
        envelope: options.envelope,
        participant,
        id,
        ts,
        presets,
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
      await confirm(prompter, plan, options.yes === true);
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

function renderPlan(plan: CallPlan, color: boolean): string {
  const chalk = makeChalk(color);
  const { resolution, validation, decision } = plan;
  const safe = (text: string): string => terminalSafe(text);
  let text = `${chalk.bold('resolved')}   ${safe(resolution.input)} → ${chalk.cyan(safe(`${resolution.server}/${resolution.tool}`))}  (via ${resolution.via})\n`;
  text += `           ${safe(resolution.explanation)}\n`;
  if (resolution.candidates?.length) text += `           candidates: ${resolution.candidates.map((ref) => safe(`${ref.server}/${ref.tool}`)).join(', ')}\n`;
  if (!validation.performed) text += `${chalk.bold('validation')} ${chalk.yellow('skipped (--no-validate)')}\n`;
  else text += `${chalk.bold('validation')} ${chalk.green('ok')} (${validation.dialect} schema${validation.note ? `; ${safe(validation.note)}` : ''})\n`;
  text += `${chalk.bold('envelope')}   ${decision.format} ${decision.kind} from ${safe(decision.participant)}: ${safe(decision.reason)}\n`;
  for (const [preset, entry] of Object.entries(plan.presetNames)) {
    text += `${chalk.bold('preset')}     ${preset}: ${entry.name ? safe(entry.name) + (entry.wireName ? ` (wire: ${safe(entry.wireName)})` : '') : chalk.red(`not exposed (${safe(entry.dropped ?? '')})`)}\n`;
  }
  return text + JSON.stringify(plan.envelope, null, 2) + '\n';
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
    outcome = await execution.call(spec, tool.name, plan.arguments, { timeoutMs: options.connectTimeoutMs });
  } catch (error) {
    runtime.console.clearProgress();
    if (runtime.io.signal.aborted) throw error;
    if (error instanceof CallTimeoutError) throw callTimeout(label, error);
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
  runtime.console.detail(`tools/call ${label} answered after ${seconds(outcome.elapsedMs)}`);
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

  const format = plan.decision.format;
  const derive = (suffix: string): string => (options.fixedIds ? `${options.id}-${suffix}` : randomUUID());
  const ts = options.fixedTs ? options.ts : runtime.io.now().toISOString();
  const requestEnvelope = plan.envelope;
  let fulfillment: Record<string, unknown> | undefined;
  let answered = String(requestEnvelope['id'] ?? options.id);
  let to = plan.decision.participant;
  if (format === 'mew' && plan.decision.kind === 'mcp/proposal') {
    // A proposal is not a call: the operator confirming it fulfils it with a request correlated to the proposal.
    const request = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call' as const, params: { name: tool.name, arguments: plan.arguments } };
    fulfillment = {
      ...buildMewEnvelope({ id: derive('fulfillment'), ts, from: FULFILLER, server: tool.server, kind: 'mcp/request', request, correlationId: answered }),
    };
    answered = String(fulfillment['id']);
    to = FULFILLER;
  }
  const rpcId =
    format === 'jsonrpc'
      ? ((requestEnvelope['id'] as number | string | undefined) ?? 1)
      : (((requestEnvelope['payload'] as Record<string, unknown>)['id'] as number | string | undefined) ?? 1);
  const response = buildResponseEnvelope(format, { id: derive('response'), ts, server: tool.server, to, requestId: answered, rpcId, result });
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

  // Outcomes after the result: a form a script could not fill is a usage problem (2); a decline is the user's answer (1).
  if (tally.unanswered.length) {
    const first = tally.unanswered[0] as ElicitationTally['unanswered'][number];
    const needs = [
      ...first.missing.map((field) => `${field} (required, no default)`),
      ...first.problems.map((problem) => `${problem.path}: ${problem.message}`),
    ];
    throw new McpnsError(
      'ELICITATION_INCOMPLETE',
      `server "${first.server}" asked "${first.message}" and the answer is incomplete: ${needs.join('; ')}; it was cancelled`,
      {
        hint: `supply the values with --answers '{"${first.missing[0] ?? first.problems[0]?.path ?? 'field'}": …}', or run on a terminal to answer`,
        details: { server: first.server, missing: first.missing, problems: first.problems },
      },
    );
  }
  if (tally.declined.length) {
    const first = tally.declined[0] as ElicitationTally['declined'][number];
    const byPolicy = first.by === 'policy';
    throw new McpnsError(
      'DECLINED',
      `${first.action === 'cancel' ? 'cancelled' : 'declined'} the ${first.mode === 'url' ? 'web page' : 'form'} server "${first.server}" asked for${byPolicy ? ' (nobody to answer it in a non-interactive run)' : ''}`,
      {
        exitCode: 1,
        ...(byPolicy
          ? { hint: first.mode === 'url' ? 'run it on a terminal to open the page' : 'pass --yes to accept the defaults, or --answers with the values' }
          : {}),
        details: { server: first.server, mode: first.mode, action: first.action },
      },
    );
  }
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

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** CALL_TIMEOUT names the limit, the time it took and the flag that sets it (exit 1: the run completed, the call did not). */
function callTimeout(label: string, error: { limit: 'call-timeout' | 'max-call-time'; limitMs: number; elapsedMs: number }): McpnsError {
  const flag = `--${error.limit}`;
  const message =
    error.limit === 'call-timeout'
      ? `tools/call ${label}: no answer and no progress for ${error.limitMs} ms (${flag} ${error.limitMs}); gave up after ${seconds(error.elapsedMs)} and sent notifications/cancelled`
      : `tools/call ${label}: still running at the ${error.limitMs} ms ceiling (${flag} ${error.limitMs}); gave up after ${seconds(error.elapsedMs)} and sent notifications/cancelled`;
  const hint =
    error.limit === 'call-timeout'
      ? `raise ${flag} <ms> (default ${DEFAULT_CALL_TIMEOUT_MS}); progress notifications restart it, --timeout only bounds discovery`
      : `raise ${flag} <ms>`;
  return new McpnsError('CALL_TIMEOUT', message, { hint, exitCode: 1, details: { limit: flag, limitMs: error.limitMs, elapsedMs: error.elapsedMs } });
}

/**
 * A tool not marked `readOnlyHint: true` may change something: ask on a terminal, require --yes otherwise.
 * Declining sends nothing (DECLINED, exit 1); a run that cannot ask is CONFIRMATION_REQUIRED (exit 2).
 */
async function confirm(prompter: Prompter, plan: CallPlan, yes: boolean): Promise<void> {
  if (plan.tool.annotations?.readOnlyHint === true || yes) return;
  const label = `${plan.tool.server}/${plan.tool.name}`;
  const flags = [
    plan.tool.annotations?.destructiveHint !== false ? 'may be destructive' : 'not read-only',
    plan.tool.annotations?.openWorldHint === true ? 'open world' : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (!prompter.interactive) {
    throw new McpnsError('CONFIRMATION_REQUIRED', `${label} is not marked read-only (${flags}); nothing was sent`, {
      hint: 'pass --yes to call it without a prompt',
    });
  }
  const answer = await prompter.ask(`call ${terminalSafe(label)} (${flags}) with ${terminalSafe(JSON.stringify(plan.arguments))}? [y/N] `);
  if (!/^y(es)?$/i.test(answer ?? '')) throw new McpnsError('DECLINED', `not confirmed; nothing was sent to ${label}`, { exitCode: 1 });
}
