import { Option, type Command } from 'commander';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createBaseline, parseBaseline, serializeBaseline, type Baseline } from '../checks/baseline.js';
import { applyBaseline, runChecks, validateCodes, type CheckFamily } from '../checks/run.js';
import { emptyConfig, type LoadedConfig } from '../config/loaded.js';
import { McpnsError, UsageError } from '../errors.js';
import { getTarget } from '../naming/index.js';
import { FAIL_ON, FORMATS, formatters, getExitCode, type FailOn, type Format } from '../report/index.js';
import type { Registrar } from './main.js';
import { addCatalogOptions, addOutputOptions, addSourceOptions, type CommandContext } from './shared.js';

/** Targets evaluated when neither flags nor config `naming.targets` name any. */
export const DEFAULT_TARGETS = ['slash', 'openai'] as const;

interface CheckOptions {
  style?: string;
  preset?: string;
  format?: string;
  json?: boolean;
  failOn?: FailOn;
  ignore?: string[];
  baseline?: string;
  writeBaseline?: string;
  failFast?: boolean;
  output?: string;
}

export interface CheckCommandSpec {
  name: 'check-conflicts' | 'lint' | 'check';
  description: string;
  families: readonly CheckFamily[];
  /** Extra help text: examples first. */
  help: string;
}

const splitList = (values: string | string[] | undefined): string[] =>
  (Array.isArray(values) ? values : values === undefined ? [] : [values])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

/** Register one of the three checking commands; they share every option and this runner. */
export function registerCheckCommand(program: Command, registrar: Registrar, spec: CheckCommandSpec): void {
  const command = program
    .command(spec.name)
    .description(spec.description)
    .option('--preset <ids>', 'naming targets to evaluate, comma-separated presets/providers (e.g. claude-code,openai)')
    .option('--style <ids>', 'naming styles to evaluate, comma-separated (slash, double-underscore, …); combined with --preset')
    .addOption(new Option('--format <format>', 'output format').choices([...FORMATS]).default(undefined, 'text'))
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity').choices([...FAIL_ON]).default('error'))
    .option('--ignore <CODE...>', 'drop findings with these codes (space- or comma-separated)')
    .option('--baseline <file>', 'fail only on findings that are not in this baseline file')
    .option('--write-baseline <file>', "record today's findings in this file (then only new ones fail)")
    .option('--fail-fast', 'exit 2 as soon as a server is unreachable instead of reporting SERVER_UNREACHABLE')
    .option('-o, --output <file>', 'write the report to a file instead of stdout');
  addSourceOptions(command);
  addCatalogOptions(command);
  addOutputOptions(command);
  command.addHelpText('after', spec.help);
  command.action(registrar.action((context) => runCheckCommand(context, spec)));
}

/** Parse options → load config → discover or read the catalog → run checks → report → exit code. */
export async function runCheckCommand(context: CommandContext, spec: Pick<CheckCommandSpec, 'families'>): Promise<number> {
  const options = context.options as CheckOptions & typeof context.options;
  const format = resolveFormat(options);
  const failOn: FailOn = options.failOn ?? 'error';
  const ignoreCodes = splitList(options.ignore);

  const config: LoadedConfig = (options.catalog ? context.optionalConfig() : context.config()) ?? emptyConfig(context.io.cwd);
  const targets = resolveTargets(options, config);
  // Unknown codes fail before any server is started.
  validateCodes(config.rules, config.ignore, ignoreCodes);
  const baseline = options.baseline ? readBaseline(resolve(context.io.cwd, options.baseline)) : undefined;

  const { catalog } = await context.catalog();
  if (options.failFast) {
    const failed = catalog.servers.filter((server) => server.status === 'error');
    if (failed.length) {
      const first = failed[0]!;
      throw new McpnsError('TRANSPORT', `server "${first.name}" is unreachable (${first.error?.code ?? 'ERROR'}) and --fail-fast is set`, {
        hint: 'drop --fail-fast to check the other servers and report SERVER_UNREACHABLE',
        details: { servers: failed.map((server) => server.name) },
      });
    }
  }

  let result = runChecks({ catalog, config, targets }, spec.families, { ignoreCodes });
  if (options.writeBaseline) {
    const file = resolve(context.io.cwd, options.writeBaseline);
    const written = createBaseline(result.findings);
    writeFile(file, serializeBaseline(written));
    if (!options.quiet) context.output.err(`mcpns: wrote ${written.findings.length} finding(s) to baseline ${options.writeBaseline}\n`);
    result = applyBaseline(result, written);
  } else if (baseline) {
    result = applyBaseline(result, baseline);
  }

  const toFile = options.output !== undefined;
  const report = formatters[format](result, { color: !toFile && format === 'text' && context.useColor, cwd: context.io.cwd, config });
  if (toFile) {
    writeFile(resolve(context.io.cwd, options.output!), report);
    if (!options.quiet) context.output.err(`mcpns: wrote ${format} report to ${options.output}\n`);
  } else {
    context.output.out(report);
  }
  return getExitCode(result, failOn);
}

function resolveFormat(options: CheckOptions): Format {
  const format = (options.format ?? (options.json ? 'json' : 'text')) as Format;
  if (options.json && format !== 'json') throw new UsageError(`--json conflicts with --format ${format}`, { hint: 'use one of them' });
  return format;
}

/** --style/--preset (combined) ?? config naming.targets ?? the default; every id must exist (exit 2 listing the valid ones). */
export function resolveTargets(options: Pick<CheckOptions, 'style' | 'preset'>, config: LoadedConfig | undefined): string[] {
  const explicit = [...splitList(options.style), ...splitList(options.preset)];
  const ids = explicit.length ? explicit : config?.naming.targets?.length ? config.naming.targets : [...DEFAULT_TARGETS];
  const unique = [...new Set(ids)];
  for (const id of unique) getTarget(id);
  return unique;
}

function readBaseline(file: string): Baseline {
  if (!existsSync(file)) {
    throw new McpnsError('IO', `baseline file not found: ${file}`, { location: { file }, hint: 'create it with --write-baseline <file>' });
  }
  return parseBaseline(readFileSync(file, 'utf8'), file);
}

function writeFile(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    throw new McpnsError('IO', `cannot write ${file}: ${(error as Error).message}`, { location: { file }, cause: error });
  }
}
