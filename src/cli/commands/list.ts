import type { Command } from '@commander-js/extra-typings';
import type { Catalog } from '../../catalog/types.js';
import { EXIT } from '../../exit-codes.js';
import { DEFAULT_STYLE, getTarget, namingInputFromCatalog, type Rendering } from '../../naming/index.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { defineAction, type CommandHost, type Runtime } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withPresetOption, withStyleOption } from '../options/naming-options.js';
import { withOutputOptions, withTableOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { OPTIONS } from '../options/table.js';
import { obtainCatalog } from '../services/catalog.js';
import { renderList } from '../services/render-list.js';
import { loadConfigurationFor } from '../services/configuration.js';

export function registerList(program: Command, host: CommandHost): void {
  const base = program
    .command('list')
    .description('discover tools from the configured servers and print the namespaced catalog')
    .option(OPTIONS.all.flags, OPTIONS.all.description)
    .addHelpText(
      'after',
      `\nExamples:\n  mcpns list\n  mcpns list --json > catalog.json\n  mcpns list --preset claude-code,openai\n  mcpns list --catalog catalog.json --server calculator\n\nColumns: SERVER; NAME (<style>), the catalog's own name (--style); one column per --preset, headed by its id, with\nthe name that client, gateway or provider gives the tool (VSCODE: VS Code's mcp_<server prefix>_<tool>, the prefix\ntaken from the server's title or name, cut to 18 and numbered when two servers share it; CLAUDE-CODE:\nmcp__<server>__<tool>; …); DESCRIPTION; FLAGS, the annotations the server claims (read-only, destructive,\nidempotent, open-world). Every preset's rule, source and examples: docs/presets.md (shipped in the package).\n\nWithout a terminal, a server slower than a second gets a progress line on stderr (then one a second at most while\nservers finish; MCPNS_PROGRESS_INTERVAL_MS sets the interval, 0 turns them off; --quiet too). A server that fails is\nreported when it fails. --scan and --client name each file they read.\n\nExit code 1 when a server failed (the others are still listed).`,
    );
  const named = withPresetOption(withStyleOption(base), 'show names exactly as these clients/gateways/providers would (comma-separated: side-by-side columns)');
  const command = withTableOptions(withOutputOptions(withDiscoveryOptions(withSourceOptions(named))));

  defineAction(command, host, async (runtime, options) => {
    const config = await loadConfigurationFor(runtime, options);
    const styleId = options.style ?? config?.naming.style ?? DEFAULT_STYLE;
    const presets = (options.preset ?? []).map((id) => getTarget(id));
    const { catalog } = await obtainCatalog(runtime, { settings: options, config, showHidden: options.all === true });

    const input = namingInputFromCatalog(
      catalog,
      config ? namespacePrefixes(config) : {},
      config?.servers.map((server) => server.name),
    );
    const styled = getTarget(styleId).render(input);
    const styledCatalog: Catalog = {
      ...catalog,
      style: styleId,
      tools: catalog.tools.map((tool, index) => ({ ...tool, qualifiedName: styled.names[index]?.name ?? tool.qualifiedName })),
    };
    const exitCode = catalog.servers.some((server) => server.status === 'error') ? EXIT.FINDINGS : EXIT.OK;

    warnMalformed(runtime, catalog);
    const renderings = presets.map((preset) => preset.render(input));
    if (runtime.console.json) {
      runtime.console.out(JSON.stringify(listDocument(styledCatalog, renderings, options.all === true), null, 2) + '\n');
      return exitCode;
    }
    runtime.console.out(
      renderList(styledCatalog, renderings, {
        all: options.all === true,
        color: runtime.console.color,
        styleId,
        width: options.wide ? undefined : runtime.console.stdoutColumns,
      }),
    );
    return exitCode;
  });
}

/**
 * The `list --json` document: the catalog (hidden tools only with --all) and, with --preset, each tool's name under
 * every preset (`presets: { "<id>": { name, namespace?, function?, dropped? } }`: Codex sends a function inside a
 * namespace), the presets' ids and their notes.
 */
function listDocument(catalog: Catalog, renderings: readonly Rendering[], all: boolean): Catalog {
  const tools = catalog.tools.map((tool, index) => {
    if (!renderings.length) return tool;
    const presets: Record<string, { name: string; namespace?: string; function?: string; dropped?: string }> = {};
    for (const rendering of renderings) {
      const rendered = rendering.names[index];
      if (!rendered) continue;
      presets[rendering.target] = {
        name: rendered.name,
        ...(rendered.namespace !== undefined ? { namespace: rendered.namespace, function: rendered.function! } : {}),
        ...(rendered.dropped ? { dropped: rendered.dropped } : {}),
      };
    }
    return { ...tool, presets };
  });
  const notes = renderings
    .filter((rendering) => rendering.nondeterministic)
    .map((rendering) => ({ target: rendering.target, note: rendering.nondeterministic! }));
  return {
    ...catalog,
    ...(renderings.length ? { presets: renderings.map((rendering) => rendering.target) } : {}),
    ...(notes.length ? { presetNotes: notes } : {}),
    tools: all ? tools : tools.filter((tool) => !tool.hidden),
  };
}

/** Tools a server sent that mcpns had to set aside (they fail the MCP Tool schema): never silently missing. */
function warnMalformed(runtime: Runtime, catalog: Catalog): void {
  for (const server of catalog.servers) {
    const malformed = server.malformedTools ?? [];
    if (!malformed.length) continue;
    const sample = malformed.slice(0, 3).map((entry) => `${entry.name ?? `#${entry.index}`} (${entry.problems[0] ?? 'invalid'})`);
    runtime.console.warn(
      `server "${server.name}" sent ${malformed.length} tool${malformed.length === 1 ? '' : 's'} failing the MCP Tool schema, set aside [MALFORMED_TOOL]: ${sample.join(', ')}${malformed.length > 3 ? `, … ${malformed.length - 3} more` : ''} (list --all shows them)`,
      { server: server.name, code: 'MALFORMED_TOOL', count: malformed.length },
    );
  }
}
