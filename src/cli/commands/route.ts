import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { Option } from 'commander';
import { priorityFunction, type EnvelopeFormat } from '../../call/index.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { DEFAULT_STYLE } from '../../naming/index.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { routeQuestion, type EnvelopeOptions, type RouteResult, type RuleTrial } from '../../route/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Registrar } from '../main.js';
import { loadParticipant } from '../participant.js';
import { makeChalk } from '../render-table.js';
import { addCatalogOptions, addOutputOptions, addSourceOptions, type CommandContext } from '../shared.js';

/** Options `route` and `plan validate` share with `call` (envelope shape and reproducibility). */
export interface EnvelopeCliOptions {
  envelope?: EnvelopeFormat;
  from?: string;
  capabilities?: string;
  id?: string;
  ts?: string;
  style?: string;
}

/** Add --envelope/--from/--capabilities/--id/--ts/--style, spelled exactly as `call` spells them. */
export function addEnvelopeOptions(command: Command): Command {
  return command
    .addOption(new Option('--envelope <format>', 'envelope to print').choices(['mew', 'jsonrpc', 'mcpx']).default('mew'))
    .option('--from <id>', 'participant id (default: config participant.id, else "mcpns")')
    .option('--capabilities <file>', 'participant capabilities (JSON/YAML: an array, or {id?, capabilities})')
    .option('--id <id>', 'envelope id (default: a random UUID; several calls get <id>-1, <id>-2…)')
    .option('--ts <timestamp>', 'envelope timestamp (default: now)')
    .option('--style <style>', 'naming style of qualified names (default: naming.style from config, else slash)');
}

/** Resolution, participant, ids: everything the envelope builders need, from flags ?? config ?? defaults. */
export function envelopeSettings(context: CommandContext, config: LoadedConfig | undefined): EnvelopeOptions {
  const options = context.options as EnvelopeCliOptions & typeof context.options;
  if (options.ts !== undefined && Number.isNaN(Date.parse(options.ts))) throw new UsageError(`--ts "${options.ts}" is not an RFC 3339 timestamp`);
  return {
    resolve: {
      style: options.style ?? config?.naming.style ?? DEFAULT_STYLE,
      priority: priorityFunction(config, options.profile),
      prefixes: config ? namespacePrefixes(config) : {},
    },
    envelope: options.envelope ?? 'mew',
    participant: loadParticipant(context, config, options),
    id: options.id ?? randomUUID(),
    ts: options.ts ?? context.io.now().toISOString(),
  };
}

interface RouteCliOptions extends EnvelopeCliOptions {
  explain?: boolean;
  validate?: boolean;
}

export function registerRoute(program: Command, registrar: Registrar): void {
  const command = program
    .command('route')
    .description('route a question with the deterministic rules in config: which rule fires, the hints, the tool call(s) and their envelopes')
    .argument('<question...>', 'the question (quote it, or pass the words)')
    .option('--explain', 'show every rule tried and why it did or did not fire')
    .option('--no-validate', 'do not validate arguments against the input schema');
  addEnvelopeOptions(command);
  addSourceOptions(command);
  addCatalogOptions(command, { variadicServer: false });
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  mcpns route "what is 2 plus 3" --catalog catalog.json
  mcpns route "weather in Paris" --envelope jsonrpc --id req-1 --ts 2026-01-01T00:00:00Z
  mcpns route "status of issue ABC-123" --explain --json

Rules are config "routes", tried in order; the first that fires wins (FAST_PATH). Nothing is sent.
Exit codes: 0 FAST_PATH with valid arguments · 1 NO_ROUTE or invalid arguments · 2 usage/config error,
or a rule naming a tool the catalog cannot resolve.`,
  );
  command.action(registrar.action((context, words) => runRoute(context, (words as string[]).join(' '))));
}

async function runRoute(context: CommandContext, question: string): Promise<number> {
  const options = context.options as RouteCliOptions & typeof context.options;
  if (!question.trim()) throw new UsageError('the question is empty');
  const config = options.catalog ? context.optionalConfig() : context.config();
  const routes = config?.routes ?? [];
  if (!routes.length) {
    throw new UsageError('no routes are configured', {
      hint: 'add a "routes" list to mcpns.config.json, e.g. {"name":"add","pattern":"what is (?<a>\\\\d+) plus (?<b>\\\\d+)","tool":"calculator/add","arguments":{"a":"${a}","b":"${b}"}}',
    });
  }
  const settings = envelopeSettings(context, config);
  const { catalog } = await context.catalog();
  const result = routeQuestion(question, routes, catalog, { ...settings, validate: options.validate !== false, explain: options.explain === true });
  if (context.wantsJson) context.output.out(JSON.stringify(result, null, 2) + '\n');
  else context.output.out(renderRoute(result, context.useColor));
  return result.route === 'FAST_PATH' && result.valid ? EXIT.OK : EXIT.FINDINGS;
}

const safe = (text: string): string => terminalSafe(text);

/** Why a rule did or did not fire, in one line. */
export function describeTrial(trial: RuleTrial): string {
  const parts: string[] = [];
  if (trial.pattern) {
    const regex = `/${trial.pattern.source}/${trial.pattern.flags}`;
    if (trial.pattern.matched) parts.push(`pattern ${regex} matched ${JSON.stringify(trial.pattern.match)}`);
    else {
      const words = trial.pattern.wordsFound.length ? `; words found: ${trial.pattern.wordsFound.join(', ')}` : '';
      const missing = trial.pattern.wordsMissing.length ? `; words missing: ${trial.pattern.wordsMissing.join(', ')}` : '';
      parts.push(`pattern ${regex} did not match${words}${missing}`);
    }
  }
  if (trial.keywords) {
    const { matched, missing } = trial.keywords;
    parts.push(
      missing.length
        ? `keywords missing: ${missing.join(', ')}${matched.length ? ` (found: ${matched.join(', ')})` : ''}`
        : `keywords all present: ${matched.join(', ')}`,
    );
  }
  return safe(parts.join('; '));
}

export function renderRoute(result: RouteResult, color: boolean): string {
  const chalk = makeChalk(color);
  const label = (text: string): string => chalk.bold(text.padEnd(11));
  let text = '';
  if (result.tried) {
    text += `${chalk.bold('rules tried')}\n`;
    for (const trial of result.tried) {
      text += `  ${trial.fired ? chalk.green('✓') : chalk.red('✗')} routes[${trial.index}] ${safe(trial.name)}: ${describeTrial(trial)}\n`;
    }
    text += '\n';
  }
  if (result.route === 'NO_ROUTE') {
    text += `${label('route')}${chalk.red('NO_ROUTE')}: no rule matched ${safe(JSON.stringify(result.question))}\n`;
    if (result.closest?.length) {
      text += `${chalk.bold('closest')}\n`;
      for (const trial of result.closest) text += `  routes[${trial.index}] ${safe(trial.name)} (score ${trial.score}): ${describeTrial(trial)}\n`;
    } else {
      text += `${label('closest')}no rule comes close\n`;
    }
    return text;
  }
  const rule = result.rule!;
  text += `${label('route')}${chalk.green('FAST_PATH')} rule ${safe(JSON.stringify(rule.name))} (routes[${rule.index}])${rule.description ? ` — ${safe(rule.description)}` : ''}\n`;
  text += `${label('why')}${describeTrial(rule)}\n`;
  const hints = Object.entries(result.hints);
  text += `${label('hints')}${hints.length ? hints.map(([key, value]) => `${safe(key)}=${safe(JSON.stringify(value))}`).join(' ') : '(none)'}\n`;
  for (const call of result.calls) {
    const heading = result.calls.length > 1 ? `call ${call.index + 1}` : 'call';
    const written = call.tool === call.resolution.qualifiedName ? '' : `from ${safe(JSON.stringify(call.tool))} `;
    text += `\n${label(heading)}${chalk.cyan(safe(call.resolution.qualifiedName))}  (${written}via ${call.resolution.via})\n`;
    text += `${label('arguments')}${safe(JSON.stringify(call.arguments))}\n`;
    const { validation } = call;
    if (!validation.performed) text += `${label('validation')}${chalk.yellow('skipped (--no-validate)')}\n`;
    else if (validation.valid) text += `${label('validation')}${chalk.green('ok')} (${validation.dialect} schema)\n`;
    else {
      text += `${label('validation')}${chalk.red(`FAILED (${validation.violations.length})`)}\n`;
      for (const violation of validation.violations) text += `  ${safe(violation.path)}: ${safe(violation.message)}\n`;
    }
    text += `${label('envelope')}${call.decision.format} ${call.decision.kind} from ${safe(call.decision.participant)}: ${safe(call.decision.reason)}\n`;
    text += JSON.stringify(call.envelope, null, 2) + '\n';
  }
  text += `\n${result.valid ? 'dry run: nothing was sent' : chalk.red('arguments are invalid: this route would fail')}\n`;
  return text;
}
