import type { Command } from 'commander';
import type { Catalog, CatalogTool } from '../../catalog/types.js';
import { EXIT } from '../../exit-codes.js';
import { DEFAULT_STYLE, getTarget, namingInputFromCatalog, type Rendering } from '../../naming/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Registrar } from '../main.js';
import { makeChalk, renderTable, shorten } from '../render-table.js';
import { addCatalogOptions, addOutputOptions, addSourceOptions, type CommandContext } from '../shared.js';
import { namespacePrefixes } from '../../naming/prefixes.js';

interface ListOptions {
  style?: string;
  preset?: string;
  all?: boolean;
}

export function registerList(program: Command, registrar: Registrar): void {
  const command = program
    .command('list')
    .description('discover tools from the configured servers and print the namespaced catalog')
    .option('--style <style>', 'naming style for the name column (default: naming.style from config, else slash)')
    .option('--preset <presets>', 'show names exactly as these clients/gateways/providers would (comma-separated: side-by-side columns)')
    .option('--all', 'also show tools hidden by client filters or the profile, marked with the reason');
  addSourceOptions(command);
  addCatalogOptions(command);
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `\nExamples:\n  mcpns list\n  mcpns list --json > catalog.json\n  mcpns list --preset claude-code,openai\n  mcpns list --catalog catalog.json --server calculator\n\nExit code 1 when a server failed (the others are still listed).`,
  );
  command.action(registrar.action((context) => runList(context)));
}

async function runList(context: CommandContext): Promise<number> {
  const options = context.options as ListOptions & typeof context.options;
  const config = context.options.catalog ? context.optionalConfig() : context.config();
  const styleId = options.style ?? config?.naming.style ?? DEFAULT_STYLE;
  const style = getTarget(styleId);
  const presetIds = (options.preset ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const presets = presetIds.map((id) => getTarget(id));

  const { catalog } = await context.catalog();
  const prefixes = config ? namespacePrefixes(config) : {};
  const input = namingInputFromCatalog(catalog, prefixes);
  const styled = style.render(input);
  const styledCatalog: Catalog = {
    ...catalog,
    style: styleId,
    tools: catalog.tools.map((tool, index) => ({ ...tool, qualifiedName: styled.names[index]?.name ?? tool.qualifiedName })),
  };
  const failed = catalog.servers.filter((server) => server.status === 'error');

  if (context.wantsJson) {
    const visible = options.all ? styledCatalog : { ...styledCatalog, tools: styledCatalog.tools.filter((tool) => !tool.hidden) };
    context.output.out(JSON.stringify(visible, null, 2) + '\n');
    return failed.length ? EXIT.FINDINGS : EXIT.OK;
  }

  const renderings = presets.map((preset) => preset.render(input));
  context.output.out(renderList(styledCatalog, renderings, { all: options.all === true, color: context.useColor, styleId }));
  return failed.length ? EXIT.FINDINGS : EXIT.OK;
}

function flags(tool: CatalogTool): string {
  const annotations = tool.annotations ?? {};
  const marks: string[] = [];
  if (annotations.readOnlyHint === true) marks.push('read-only');
  else if (annotations.destructiveHint === true) marks.push('destructive');
  if (annotations.idempotentHint === true) marks.push('idempotent');
  if (annotations.openWorldHint === true) marks.push('open-world');
  return marks.join(' ');
}

export function renderList(catalog: Catalog, renderings: Rendering[], options: { all: boolean; color: boolean; styleId: string }): string {
  const chalk = makeChalk(options.color);
  const rows: string[][] = [];
  const toolIndexes = catalog.tools.map((tool, index) => ({ tool, index })).filter(({ tool }) => options.all || !tool.hidden);
  for (const { tool, index } of toolIndexes) {
    const presetCells = renderings.map((rendering) => {
      const rendered = rendering.names[index];
      if (!rendered) return '';
      return rendered.dropped ? chalk.red(`(dropped: ${terminalSafe(rendered.dropped)})`) : terminalSafe(rendered.name);
    });
    const description = tool.hidden
      ? chalk.dim(`(hidden by ${terminalSafe(tool.hidden.by)}: ${terminalSafe(tool.hidden.reason)})`)
      : terminalSafe(shorten(tool.description, 60));
    rows.push([terminalSafe(tool.server), chalk.cyan(terminalSafe(tool.qualifiedName)), ...presetCells, description, chalk.dim(flags(tool))]);
  }
  const head = ['SERVER', `NAME (${options.styleId})`, ...renderings.map((rendering) => rendering.target.toUpperCase()), 'DESCRIPTION', 'FLAGS'];
  let text = rows.length ? renderTable(head, rows, chalk) : 'no tools\n';

  const ok = catalog.servers.filter((server) => server.status === 'ok');
  const failed = catalog.servers.filter((server) => server.status === 'error');
  const disabled = catalog.servers.filter((server) => server.status === 'disabled');
  const hidden = catalog.tools.filter((tool) => tool.hidden).length;
  const shown = catalog.tools.length - (options.all ? 0 : hidden);
  text += `\n${shown} tools from ${ok.length} of ${catalog.servers.length - disabled.length} servers`;
  if (hidden) text += options.all ? ` (${hidden} of them hidden)` : ` (${hidden} hidden; --all shows them)`;
  if (disabled.length) text += `; ${disabled.length} disabled: ${disabled.map((server) => terminalSafe(server.name)).join(', ')}`;
  text += '\n';
  for (const rendering of renderings) {
    if (rendering.nondeterministic) text += chalk.yellow(`note: ${rendering.target}: ${rendering.nondeterministic}\n`);
  }
  if (failed.length) {
    text += `\n${chalk.red('failed servers:')}\n`;
    for (const server of failed) {
      text += `  ${chalk.red('✗')} ${terminalSafe(server.name)}  ${server.error?.code ?? 'ERROR'}  ${terminalSafe(server.error?.message ?? '')}\n`;
    }
  }
  return text;
}
