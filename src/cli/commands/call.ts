import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import type { Catalog } from '../../catalog/types.js';
import { parseArgumentsJson, type ToolArguments } from '../../call/arguments.js';
import { buildMewEnvelope, buildResponseEnvelope } from '../../call/envelope.js';
import { assertValid, callDocument, planCall, type CallPlan } from '../../call/plan.js';
import { priorityFunction } from '../../call/priority.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { unknownServer } from '../../config/select-servers.js';
import { DEFAULT_TIMEOUT_MS } from '../../discovery/defaults.js';
import { McpnsError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { DEFAULT_STYLE } from '../../naming/index.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { clientPresets } from '../../config/client-presets.js';
import { defineAction, type CommandHost, type Runtime } from '../command.js';
import { withDiscoveryOptions, type DiscoverySettings } from '../options/discovery-options.js';
import { withEnvelopeOptions } from '../options/envelope-options.js';
import { withPresetOption } from '../options/naming-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { loadParticipant } from '../participant.js';
import { makeChalk } from '../render-table.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';
import { readAll, readLine } from '../stdin.js';

/** Who fulfils a proposal when `--execute` runs it: the person confirming the call (MEW SPEC §3 fulfillment). */
const FULFILLER = 'operator';

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
    .option('-y, --yes', 'with --execute: do not ask for confirmation of tools not marked readOnlyHint')
    .option('--envelope-only', 'print only the envelope JSON')
    .addHelpText(
      'after',
      `
Examples:
  mcpns call calculator/add --args '{"a":5,"b":3}'
  mcpns call add a=5 b=3 --id env-1 --ts 2026-01-01T00:00:00Z
  mcpns call mcp__calculator__add --preset claude-code a=5 b=3
  mcpns call add --pick priority a=1 b=2 --envelope mcpx
  mcpns call calculator/add a=5 b=3 --execute

Dry run is the default: only tools/list is fetched (nothing with --catalog), tools/call is never sent.
Exit codes: 0 ok · 1 the executed tool returned isError · 2 unresolvable name, invalid arguments, no capability,
transport error, or confirmation required.`,
    );
  const named = withPresetOption(withEnvelopeOptions(base), 'also accept names these presets give the model, and show them (comma-separated, repeatable)');
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(named), { hasPositionals: true }));

  defineAction(command, host, async (runtime, options, name, pairs) => {
    const config = loadConfigurationFor(runtime, options);
    const args = options.args === undefined ? undefined : await readArgs(runtime, options.args);
    const participant = loadParticipant(runtime.io.cwd, config, options);
    const styleId = options.style ?? config?.naming.style ?? DEFAULT_STYLE;
    const presets = options.preset ?? [];
    const id = options.id ?? randomUUID();
    const ts = options.ts ?? runtime.io.now().toISOString();

    const plan = await planWithCatalog(runtime, options, config, name, (catalog) =>
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
      }),
    );
    assertValid(plan);

    if (!options.execute) {
      if (options.envelopeOnly) runtime.console.out(JSON.stringify(plan.envelope, null, 2) + '\n');
      else if (runtime.console.json) runtime.console.out(JSON.stringify(callDocument(plan), null, 2) + '\n');
      else runtime.console.out(renderPlan(plan, runtime.console.color) + `\ndry run: nothing was sent (--execute sends it)\n`);
      return EXIT.OK;
    }
    return execute(runtime, config, plan, {
      id,
      fixedIds: options.id !== undefined,
      ts,
      fixedTs: options.ts !== undefined,
      yes: options.yes === true,
      envelopeOnly: options.envelopeOnly === true,
      timeoutMs: options.timeout,
    });
  });
}

/**
 * Discover only what resolution needs: a canonical `server/tool` name for a configured server discovers
 * just that server; anything else (short names, other styles, presets) needs every server, because
 * uniqueness and collisions are properties of the whole catalog.
 */
async function planWithCatalog(
  runtime: Runtime,
  settings: DiscoverySettings,
  config: LoadedConfig | undefined,
  name: string,
  plan: (catalog: Catalog) => CallPlan,
): Promise<CallPlan> {
  const narrow = !settings.catalog && !settings.server?.length && config ? config.servers.find((server) => name.startsWith(`${server.name}/`)) : undefined;
  if (narrow) {
    try {
      const { catalog } = await obtainCatalog(runtime, { settings, config, servers: [narrow.name] });
      const result = plan(catalog);
      if (result.resolution.via === 'qualified' && result.resolution.server === narrow.name) return result;
    } catch (error) {
      if (!(error instanceof McpnsError) || (error.code !== 'TOOL_NOT_FOUND' && error.code !== 'TOOL_AMBIGUOUS')) throw error;
    }
  }
  const { catalog } = await obtainCatalog(runtime, { settings, config });
  return plan(catalog);
}

/** `--args`: inline JSON, `@file.json`, or `-` for stdin. */
async function readArgs(runtime: Runtime, value: string): Promise<ToolArguments> {
  if (value === '-') return parseArgumentsJson(await readAll(runtime.io.stdin), '--args - (stdin)');
  if (value.startsWith('@')) {
    const file = resolve(runtime.io.cwd, value.slice(1));
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new McpnsError('ARGS_INVALID', `cannot read --args file ${value.slice(1)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
        location: { file },
      });
    }
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
  timeoutMs: number;
  id: string;
  fixedIds: boolean;
  ts: string;
  fixedTs: boolean;
  yes: boolean;
  envelopeOnly: boolean;
}

async function execute(runtime: Runtime, config: LoadedConfig | undefined, plan: CallPlan, options: ExecuteOptions): Promise<number> {
  const { tool } = plan;
  const label = `${tool.server}/${tool.name}`;
  const spec = config?.servers.find((server) => server.name === tool.server);
  if (!spec) throw unknownServer(tool.server, config?.servers.map((server) => server.name) ?? []);
  await confirm(runtime, plan, options.yes);

  const { openSession } = await import('../../discovery/session.js');
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const session = await openSession(spec, { timeoutMs: timeout, signal: runtime.io.signal, hostEnv: runtime.io.env });
  let result: Record<string, unknown>;
  try {
    result = (await session.client.callTool({ name: tool.name, arguments: plan.arguments }, undefined, { timeout, signal: runtime.io.signal })) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (runtime.io.signal.aborted) throw error;
    throw new McpnsError('TRANSPORT', `tools/call ${label} failed: ${(error as Error).message}`, { cause: error });
  } finally {
    await session.close();
  }

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
    runtime.console.out(JSON.stringify({ ...callDocument(plan, 'execute'), ...(fulfillment ? { fulfillment } : {}), result, response }, null, 2) + '\n');
  } else {
    let text = renderPlan(plan, runtime.console.color);
    if (fulfillment) text += `\nfulfilled by ${FULFILLER} (the proposal was confirmed):\n${JSON.stringify(fulfillment, null, 2)}\n`;
    text += `\n${renderResult(result, label, runtime.console.color)}\nresponse:\n${JSON.stringify(response, null, 2)}\n`;
    runtime.console.out(text);
  }
  return isError ? EXIT.FINDINGS : EXIT.OK;
}

/**
 * A tool not marked `readOnlyHint: true` may change something: ask on a TTY, require --yes otherwise.
 * Declining sends nothing.
 */
async function confirm(runtime: Runtime, plan: CallPlan, yes: boolean): Promise<void> {
  if (plan.tool.annotations?.readOnlyHint === true || yes) return;
  const label = `${plan.tool.server}/${plan.tool.name}`;
  const flags = [
    plan.tool.annotations?.destructiveHint !== false ? 'may be destructive' : 'not read-only',
    plan.tool.annotations?.openWorldHint === true ? 'open world' : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (!runtime.io.stdin.isTTY) {
    throw new McpnsError('CONFIRMATION_REQUIRED', `${label} is not marked read-only (${flags}); nothing was sent`, {
      hint: 'pass --yes to call it without a prompt',
    });
  }
  runtime.console.prompt(`call ${label} (${flags}) with ${JSON.stringify(plan.arguments)}? [y/N] `);
  const answer = await readLine(runtime.io.stdin);
  if (!/^y(es)?$/i.test(answer)) throw new McpnsError('CONFIRMATION_REQUIRED', `not confirmed; nothing was sent to ${label}`);
}

/** A CallToolResult for humans: text, structured content, resource links; server text made terminal-safe. */
function renderResult(result: Record<string, unknown>, label: string, color: boolean): string {
  const chalk = makeChalk(color);
  const isError = result['isError'] === true;
  let text = isError ? chalk.red(`${label} returned an error (isError):\n`) : chalk.green(`result of ${label}:\n`);
  const content = Array.isArray(result['content']) ? (result['content'] as Record<string, unknown>[]) : [];
  for (const item of content) {
    switch (item['type']) {
      case 'text':
        text += `${terminalSafe(String(item['text'] ?? ''), { multiline: true })}\n`;
        break;
      case 'image':
      case 'audio':
        text += chalk.dim(
          `[${item['type']} ${terminalSafe(String(item['mimeType'] ?? ''))}, ${Math.floor((String(item['data'] ?? '').length * 3) / 4)} bytes]\n`,
        );
        break;
      case 'resource_link':
        text += `link: ${terminalSafe(String(item['uri'] ?? ''))}${item['name'] ? ` (${terminalSafe(String(item['name']))})` : ''}\n`;
        break;
      case 'resource': {
        const resource = (item['resource'] ?? {}) as Record<string, unknown>;
        text += `resource: ${terminalSafe(String(resource['uri'] ?? ''))}\n`;
        if (typeof resource['text'] === 'string') text += `${terminalSafe(resource['text'], { multiline: true })}\n`;
        break;
      }
      default:
        text += chalk.dim(`[${terminalSafe(String(item['type']))} content]\n`);
    }
  }
  if (result['structuredContent'] !== undefined)
    text += `structured content:\n${terminalSafe(JSON.stringify(result['structuredContent'], null, 2), { multiline: true })}\n`;
  if (!content.length && result['structuredContent'] === undefined) text += chalk.dim('(no content)\n');
  return text;
}
