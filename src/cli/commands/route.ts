import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { routeQuestion, type RouteResult, type RuleTrial } from '../../route/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { envelopeSettings, withEnvelopeOptions } from '../options/envelope-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { makeChalk } from '../services/render-table.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';

export function registerRoute(program: Command, host: CommandHost): void {
  const base = program
    .command('route')
    .description('route a question with the deterministic rules in config: which rule fires, the hints, the tool call(s) and their envelopes')
    .argument('<question...>', 'the question (quote it, or pass the words)')
    .option('--explain', 'show every rule tried and why it did or did not fire')
    .option('--no-validate', 'do not validate arguments against the input schema')
    .addHelpText(
      'after',
      `
Examples:
  mcpns route "what is 2 plus 3" --catalog catalog.json
  mcpns route "weather in Paris" --envelope jsonrpc --id req-1 --ts 2026-01-01T00:00:00Z
  mcpns route "status of issue ABC-123" --explain --json

Rules are config "routes", tried in order; the first that fires wins (FAST_PATH). Nothing is sent.
--timeout bounds discovery only (spawn, initialize, tools/list per server): route never sends tools/call, so it has
no call timeout (mcpns call --execute --call-timeout sends one).
Exit codes: 0 FAST_PATH with valid arguments · 1 NO_ROUTE or invalid arguments · 2 usage/config error,
or a rule naming a tool the catalog cannot resolve.`,
    );
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(withEnvelopeOptions(base)), { hasPositionals: true }));

  defineAction(command, host, async (runtime, options, words) => {
    const question = words.join(' ');
    if (!question.trim()) throw new UsageError('the question is empty');
    const config = await loadConfigurationFor(runtime, options);
    const routes = config?.routes ?? [];
    if (!routes.length) {
      throw new UsageError('no routes are configured', {
        hint: 'add a "routes" list to mcpns.config.json, e.g. {"name":"add","pattern":"what is (?<a>\\\\d+) plus (?<b>\\\\d+)","tool":"calculator/add","arguments":{"a":"${a}","b":"${b}"}}',
      });
    }
    const settings = envelopeSettings(options, config, { cwd: runtime.io.cwd, now: runtime.io.now() });
    const { catalog } = await obtainCatalog(runtime, { settings: options, config });
    const result = routeQuestion(question, routes, catalog, { ...settings, validate: options.validate !== false, explain: options.explain === true });
    if (runtime.console.json) runtime.console.out(JSON.stringify(result, null, 2) + '\n');
    else runtime.console.out(renderRoute(result, runtime.console.color));
    return result.route === 'FAST_PATH' && result.valid ? EXIT.OK : EXIT.FINDINGS;
  });
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
