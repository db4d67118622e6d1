import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '@commander-js/extra-typings';
import { McpnsError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { PLAN_SCHEMA_URL, readPlanText, validatePlan, type PlanValidation } from '../../route/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { defineAction, type CommandHost, type Runtime } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { envelopeSettings, withEnvelopeOptions } from '../options/envelope-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { makeChalk } from '../services/render-table.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';
import { readDocument } from '../../util/read-document.js';
import { InputTooLargeError, readAll } from '../services/stdin.js';

export function registerPlan(program: Command, host: CommandHost): void {
  const plan = program.command('plan').description('validate a tool plan (e.g. from an LLM planner) against the catalog before anything runs');

  const base = plan
    .command('validate')
    .description('resolve every call of a plan, validate every argument set, report every problem with its call index and path')
    .argument('<plan>', 'plan file (JSON; prose or a ```json fence around it is tolerated), or - for stdin')
    .option('--envelopes', 'print the envelopes the plan would send (when it is valid)')
    .addHelpText(
      'after',
      `
Accepted shapes (schema/plan.schema.json): the Bamboo plan {"route","confidence","tool_calls":[{"tool","arguments","namespace"?}],"explain"}
or a plain list [{"tool","arguments"}]. An ambiguous short name is an error, never a guess; "namespace" (a server or a
config namespace) may disambiguate it.

Examples:
  mcpns plan validate plan.json --catalog catalog.json
  llm-planner | mcpns plan validate - --envelopes --id plan-1 --ts 2026-01-01T00:00:00Z
  mcpns route "what is 2 plus 3" --json | jq .plan | mcpns plan validate -

--timeout bounds discovery only (spawn, initialize, tools/list per server): a plan is validated, never executed, so
there is no call timeout (mcpns call --execute --call-timeout has one).
Exit codes: 0 valid · 1 invalid plan · 2 unreadable input, usage or config error.`,
    );
  const validate = withOutputOptions(withDiscoveryOptions(withSourceOptions(withEnvelopeOptions(base)), { hasPositionals: true }));
  defineAction(validate, host, async (runtime, options, file) => {
    const { text, source } = await readInput(runtime, file);
    const { value, notes } = readPlanText(text, source);
    for (const note of notes) runtime.console.note(note);
    const config = await loadConfigurationFor(runtime, options);
    const settings = envelopeSettings(options, config, { cwd: runtime.io.cwd, now: runtime.io.now() });
    const { catalog } = await obtainCatalog(runtime, { settings: options, config });
    const result = validatePlan(value, catalog, { ...settings, namespaces: config?.namespaces ?? {} }, notes);
    const envelopes = options.envelopes && result.valid ? result.calls.map((call) => call.envelope!) : undefined;
    if (runtime.console.json) {
      runtime.console.out(JSON.stringify({ ...result, ...(envelopes ? { envelopes } : {}) }, null, 2) + '\n');
    } else {
      runtime.console.out(renderPlanValidation(result, runtime.console.color));
      if (envelopes) runtime.console.out(`\nenvelopes:\n${JSON.stringify(envelopes, null, 2)}\n`);
      else if (options.envelopes) runtime.console.status('no envelopes: the plan is invalid');
    }
    return result.valid ? EXIT.OK : EXIT.FINDINGS;
  });

  const schema = plan.command('schema').description('print the JSON Schema of a plan (draft 2020-12), e.g. for a planner prompt');
  defineAction(schema, host, async (runtime) => {
    runtime.console.out(readFileSync(PLAN_SCHEMA_URL, 'utf8'));
    return EXIT.OK;
  });
}

async function readInput(runtime: Runtime, file: string): Promise<{ text: string; source: string }> {
  if (file === '-') {
    const text = await readAll(runtime.io.stdin).catch((error: unknown) => {
      throw error instanceof InputTooLargeError ? new McpnsError('PLAN_UNREADABLE', `standard input is ${error.message}`) : error;
    });
    return { text, source: 'stdin' };
  }
  const path = resolve(runtime.io.cwd, file);
  return { text: readDocument(path, (why) => new McpnsError('PLAN_UNREADABLE', `cannot read plan ${file}: ${why}`, { location: { file } })), source: file };
}

const safe = (text: string): string => terminalSafe(text);

export function renderPlanValidation(result: PlanValidation, color: boolean): string {
  const chalk = makeChalk(color);
  const head: string[] = [result.shape === 'list' ? 'plain list' : result.shape === 'bamboo' ? 'Bamboo plan' : 'unknown shape'];
  if (result.route !== undefined) head.push(`route ${safe(String(result.route))}`);
  if (result.confidence !== undefined) head.push(`confidence ${safe(String(result.confidence))}`);
  head.push(`${result.calls.length} tool call${result.calls.length === 1 ? '' : 's'}`);
  let text = `${chalk.bold('plan')}  ${head.join(' · ')}\n`;
  if (typeof result.explain === 'string' && result.explain) text += `      ${chalk.dim(safe(result.explain))}\n`;
  const prefix = result.shape === 'bamboo' ? 'tool_calls' : '';
  for (const call of result.calls) {
    const target = call.resolution ? `→ ${chalk.cyan(safe(call.resolution.qualifiedName))} (via ${call.resolution.via})` : '';
    const mark = call.valid ? chalk.green('✓') : chalk.red('✗');
    text += `  ${mark} ${prefix}[${call.index}] ${safe(call.tool)}${call.namespace ? ` (namespace ${safe(call.namespace)})` : ''}${target ? ` ${target}` : ''}\n`;
  }
  if (result.problems.length) {
    text += `\n${chalk.red(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}:`)}\n`;
    for (const problem of result.problems) {
      text += `  ${safe(problem.path)}  ${chalk.bold(problem.code)}  ${safe(problem.message)}\n`;
      if (problem.candidates?.length) text += `      candidates: ${problem.candidates.map((ref) => safe(`${ref.server}/${ref.tool}`)).join(', ')}\n`;
    }
    text += `\n${chalk.red('plan INVALID')}\n`;
  } else {
    text += `\n${chalk.green('plan valid')}: every tool resolves and every argument set matches its schema\n`;
  }
  return text;
}
