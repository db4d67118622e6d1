import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import type { Catalog } from '../../catalog/types.js';
import { parseArgumentsJson, type ToolArguments } from '../../call/arguments.js';
import { buildMewEnvelope, buildResponseEnvelope, type EnvelopeFormat } from '../../call/envelope.js';
import { assertValid, callDocument, planCall, type CallPlan } from '../../call/plan.js';
import { priorityFunction } from '../../call/priority.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { McpnsError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { DEFAULT_STYLE } from '../../naming/index.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Registrar } from '../main.js';
import { loadParticipant } from '../participant.js';
import { readAll, readLine } from '../stdin.js';
import { makeChalk } from '../render-table.js';
import { addCatalogOptions, addOutputOptions, addSourceOptions, unknownServer, type CommandContext } from '../shared.js';

/** Who fulfils a proposal when `--execute` runs it: the person confirming the call (MEW SPEC §3 fulfillment). */
const FULFILLER = 'operator';

interface CallOptions {
  args?: string;
  validate?: boolean;
  envelope?: EnvelopeFormat;
  from?: string;
  capabilities?: string;
  id?: string;
  ts?: string;
  style?: string;
  preset?: string[];
  pick?: 'priority';
  namespace?: string;
  execute?: boolean;
  yes?: boolean;
  envelopeOnly?: boolean;
}

const collectList = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
];

export function registerCall(program: Command, registrar: Registrar): void {
  const command = program
    .command('call')
    .description('resolve a tool name, validate arguments and print the envelope an agent would send (dry run; --execute sends it)')
    .argument('<name>', 'tool name: server/tool, a name in --style, a --preset name, or a short name')
    .argument('[pairs...]', 'arguments as key=value (typed by the input schema) or key:=<json>')
    .option('--args <json>', 'arguments as a JSON object, @file.json, or - for stdin')
    .option('--no-validate', 'do not validate arguments against the input schema')
    .addOption(new Option('--envelope <format>', 'envelope to print').choices(['mew', 'jsonrpc', 'mcpx']).default('mew'))
    .option('--from <id>', 'participant id (default: config participant.id, else "mcpns")')
    .option('--capabilities <file>', 'participant capabilities (JSON/YAML: an array, or {id?, capabilities})')
    .option('--id <id>', 'envelope id (default: a random UUID)')
    .option('--ts <timestamp>', 'envelope timestamp (default: now)')
    .option('--style <style>', 'naming style of qualified names (default: naming.style from config, else slash)')
    .option('--preset <presets>', 'also accept names these presets give the model, and show them (comma-separated, repeatable)', collectList)
    .addOption(new Option('--pick <rule>', 'pick among several servers offering a short name').choices(['priority']))
    .option('--namespace <server>', 'server a short name is meant on (disambiguates without a qualified name)')
    .option('--execute', 'really send tools/call to the server and print the result')
    .option('-y, --yes', 'with --execute: do not ask for confirmation of tools not marked readOnlyHint')
    .option('--envelope-only', 'print only the envelope JSON');
  addSourceOptions(command);
  addCatalogOptions(command, { variadicServer: false });
  addOutputOptions(command);
  command.addHelpText(
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
  command.action(registrar.action((context, name, pairs) => runCall(context, name as string, (pairs as string[] | undefined) ?? [])));
}

async function runCall(context: CommandContext, name: string, pairs: string[]): Promise<number> {
  const options = context.options as CallOptions & typeof context.options;
  const config = options.catalog ? context.optionalConfig() : context.config();
  const args = options.args === undefined ? undefined : await readArgs(context, options.args);
  const participant = loadParticipant(context, config, options);
  const styleId = options.style ?? config?.naming.style ?? DEFAULT_STYLE;
  const presets = options.preset ?? [];
  const id = options.id ?? randomUUID();
  const ts = options.ts ?? context.io.now().toISOString();
  if (options.ts !== undefined && Number.isNaN(Date.parse(options.ts))) throw new UsageError(`--ts "${options.ts}" is not an RFC 3339 timestamp`);

  const plan = await planWithCatalog(context, config, name, (catalog) =>
    planCall({
      name,
      catalog,
      resolve: {
        style: styleId,
        presets,
        ...(options.pick ? { pick: options.pick } : {}),
        priority: priorityFunction(config, options.profile),
        ...(options.namespace ? { namespaceHint: options.namespace } : {}),
        prefixes: config ? namespacePrefixes(config) : {},
      },
      ...(args ? { arguments: args } : {}),
      pairs,
      validate: options.validate !== false,
      envelope: options.envelope ?? 'mew',
      participant,
      id,
      ts,
      presets,
    }),
  );
  assertValid(plan);

  if (!options.execute) {
    if (options.envelopeOnly) context.output.out(JSON.stringify(plan.envelope, null, 2) + '\n');
    else if (context.wantsJson) context.output.out(JSON.stringify(callDocument(plan), null, 2) + '\n');
    else context.output.out(renderPlan(plan, context.useColor) + `\ndry run: nothing was sent (--execute sends it)\n`);
    return EXIT.OK;
  }
  return execute(context, config, plan, {
    id,
    fixedIds: options.id !== undefined,
    ts,
    fixedTs: options.ts !== undefined,
    yes: options.yes === true,
    envelopeOnly: options.envelopeOnly === true,
  });
}

/**
 * Discover only what resolution needs: a canonical `server/tool` name for a configured server discovers
 * just that server; anything else (short names, other styles, presets) needs every server, because
 * uniqueness and collisions are properties of the whole catalog.
 */
async function planWithCatalog(
  context: CommandContext,
  config: LoadedConfig | undefined,
  name: string,
  plan: (catalog: Catalog) => CallPlan,
): Promise<CallPlan> {
  const selected = context.options.server;
  const narrow = !context.options.catalog && !selected?.length && config ? config.servers.find((server) => name.startsWith(`${server.name}/`)) : undefined;
  if (narrow) {
    context.options.server = [narrow.name];
    try {
      const { catalog } = await context.catalog();
      const result = plan(catalog);
      if (result.resolution.via === 'qualified' && result.resolution.server === narrow.name) return result;
    } catch (error) {
      if (!(error instanceof McpnsError) || (error.code !== 'TOOL_NOT_FOUND' && error.code !== 'TOOL_AMBIGUOUS')) throw error;
    } finally {
      context.options.server = selected;
    }
  }
  const { catalog } = await context.catalog();
  return plan(catalog);
}

/** `--args`: inline JSON, `@file.json`, or `-` for stdin. */
async function readArgs(context: CommandContext, value: string): Promise<ToolArguments> {
  if (value === '-') return parseArgumentsJson(await readAll(context.io.stdin), '--args - (stdin)');
  if (value.startsWith('@')) {
    const file = resolve(context.io.cwd, value.slice(1));
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
  id: string;
  fixedIds: boolean;
  ts: string;
  fixedTs: boolean;
  yes: boolean;
  envelopeOnly: boolean;
}

async function execute(context: CommandContext, config: LoadedConfig | undefined, plan: CallPlan, options: ExecuteOptions): Promise<number> {
  const { tool } = plan;
  const label = `${tool.server}/${tool.name}`;
  const spec = config?.servers.find((server) => server.name === tool.server);
  if (!spec) throw unknownServer(tool.server, config?.servers.map((server) => server.name) ?? []);
  await confirm(context, plan, options.yes);

  const { openSession } = await import('../../discovery/session.js');
  const timeout = context.options.timeout ?? 10_000;
  const session = await openSession(spec, { timeoutMs: timeout, signal: context.io.signal });
  let result: Record<string, unknown>;
  try {
    result = (await session.client.callTool({ name: tool.name, arguments: plan.arguments }, undefined, { timeout, signal: context.io.signal })) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (context.io.signal.aborted) throw error;
    throw new McpnsError('TRANSPORT', `tools/call ${label} failed: ${(error as Error).message}`, { cause: error });
  } finally {
    await session.close();
  }

  const format = plan.decision.format;
  const derive = (suffix: string): string => (options.fixedIds ? `${options.id}-${suffix}` : randomUUID());
  const ts = options.fixedTs ? options.ts : context.io.now().toISOString();
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
    context.output.out(JSON.stringify(response, null, 2) + '\n');
  } else if (context.wantsJson) {
    context.output.out(JSON.stringify({ ...callDocument(plan, 'execute'), ...(fulfillment ? { fulfillment } : {}), result, response }, null, 2) + '\n');
  } else {
    let text = renderPlan(plan, context.useColor);
    if (fulfillment) text += `\nfulfilled by ${FULFILLER} (the proposal was confirmed):\n${JSON.stringify(fulfillment, null, 2)}\n`;
    text += `\n${renderResult(result, label, context.useColor)}\nresponse:\n${JSON.stringify(response, null, 2)}\n`;
    context.output.out(text);
  }
  return isError ? EXIT.FINDINGS : EXIT.OK;
}

/**
 * A tool not marked `readOnlyHint: true` may change something: ask on a TTY, require --yes otherwise.
 * Declining sends nothing.
 */
async function confirm(context: CommandContext, plan: CallPlan, yes: boolean): Promise<void> {
  if (plan.tool.annotations?.readOnlyHint === true || yes) return;
  const label = `${plan.tool.server}/${plan.tool.name}`;
  const flags = [
    plan.tool.annotations?.destructiveHint !== false ? 'may be destructive' : 'not read-only',
    plan.tool.annotations?.openWorldHint === true ? 'open world' : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (!context.io.stdin.isTTY) {
    throw new McpnsError('CONFIRMATION_REQUIRED', `${label} is not marked read-only (${flags}); nothing was sent`, {
      hint: 'pass --yes to call it without a prompt',
    });
  }
  context.output.err(`call ${terminalSafe(label)} (${flags}) with ${terminalSafe(JSON.stringify(plan.arguments))}? [y/N] `);
  const answer = await readLine(context.io.stdin);
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
