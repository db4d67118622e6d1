import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import { readCatalogFile } from '../../catalog/read.js';
import type { Catalog } from '../../catalog/types.js';
import { validateCodes } from '../../checks/run.js';
import { diffCatalogs } from '../../diff/diff.js';
import { driftResult } from '../../diff/result.js';
import { McpnsError, UsageError } from '../../errors.js';
import { FAIL_ON, FORMATS, formatters, getExitCode, type FailOn, type Format } from '../../report/index.js';
import type { Registrar } from '../main.js';
import { addCatalogOptions, addOutputOptions, addSourceOptions, unknownServer, type CommandContext } from '../shared.js';

interface DiffCliOptions {
  failOn: FailOn;
  ignore?: string[];
  output?: string;
}

export function registerDiff(program: Command, registrar: Registrar): void {
  const command = program
    .command('diff')
    .description('compare two snapshots, or a snapshot against the live servers (drift: removed tools, breaking schemas, rewritten descriptions)')
    .argument('<old>', 'snapshot (or list --json catalog) to compare from')
    .argument('[new]', 'snapshot to compare to (default: discover the live servers)')
    .addOption(new Option('--format <format>', 'report format').choices(FORMATS))
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity').choices(FAIL_ON).default('error'))
    .option('--ignore <CODE...>', 'leave out findings with these codes (space- or comma-separated)')
    .option('-o, --output <file>', 'write the report to a file instead of stdout');
  addSourceOptions(command);
  addCatalogOptions(command);
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  mcpns diff mcpns.lock.json                        # against the live servers
  mcpns diff old.lock.json new.lock.json --format markdown
  mcpns diff mcpns.lock.json --format github --fail-on warning

Drift codes: SERVER_ADDED, SERVER_REMOVED, TOOL_ADDED, TOOL_REMOVED (with a rename guess), DESCRIPTION_CHANGED
(word diff), SCHEMA_BREAKING, SCHEMA_COMPATIBLE, ANNOTATIONS_CHANGED (readOnlyHint true→false and
destructiveHint false→true are errors). A server that fails now is SERVER_UNREACHABLE: its tools are not
reported as removed. Exit 1 when a finding is at or above --fail-on (default error).`,
  );
  command.action(registrar.action((context, oldFile, newFile) => runDiff(context, oldFile as string, newFile as string | undefined)));
}

async function runDiff(context: CommandContext, oldFile: string, newFile: string | undefined): Promise<number> {
  const options = context.options as DiffCliOptions & typeof context.options;
  const format: Format = (context.options.format as Format | undefined) ?? (context.options.json ? 'json' : 'text');
  if (context.options.json && format !== 'json') throw new UsageError(`--json conflicts with --format ${format}`, { hint: 'use one of them' });
  const ignoreCodes = (options.ignore ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const offline = newFile ?? context.options.catalog;
  const config = offline ? context.optionalConfig() : context.config();
  // Unknown codes fail before any server is started.
  validateCodes(config?.rules ?? {}, config?.ignore ?? [], ignoreCodes);

  let before = readCatalogFile(resolve(context.io.cwd, oldFile));
  let after: Catalog;
  if (offline) {
    after = readCatalogFile(resolve(context.io.cwd, offline));
    const known = [...new Set([...before.servers, ...after.servers].map((server) => server.name))];
    for (const name of context.options.server ?? []) if (!known.includes(name)) throw unknownServer(name, known);
    after = onlyServers(after, context.options.server);
  } else {
    after = (await context.catalog()).catalog;
  }
  // --server narrows both sides, so unselected servers are not reported as removed.
  before = onlyServers(before, context.options.server);

  const result = driftResult(diffCatalogs(before, after), { rules: config?.rules ?? {}, ignore: config?.ignore ?? [], ignoreCodes });
  const toFile = options.output !== undefined;
  const report = formatters[format](result, {
    color: !toFile && format === 'text' && context.useColor,
    cwd: context.io.cwd,
    ...(config ? { config } : {}),
  });
  if (toFile) {
    writeReport(resolve(context.io.cwd, options.output!), report);
    if (!context.options.quiet) context.output.err(`mcpns: wrote ${format} report to ${options.output}\n`);
  } else {
    context.output.out(report);
  }
  return getExitCode(result, options.failOn);
}

function writeReport(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    throw new McpnsError('IO', `cannot write ${file}: ${(error as Error).message}`, { location: { file }, cause: error });
  }
}

function onlyServers(catalog: Catalog, names: string[] | undefined): Catalog {
  if (!names?.length) return catalog;
  const wanted = new Set(names);
  return { ...catalog, servers: catalog.servers.filter((server) => wanted.has(server.name)), tools: catalog.tools.filter((tool) => wanted.has(tool.server)) };
}
