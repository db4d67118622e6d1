import type { Catalog, CatalogTool } from '../../catalog/types.js';
import { emptyConfig, type LoadedConfig } from '../../config/loaded.js';
import { EXIT } from '../../exit-codes.js';
import type { Gateway } from '../../gateway/engine.js';
import { clientNames, collisionFindings, judgeThroughGateway } from '../../gateway/client-view.js';
import type { Rendering } from '../../naming/index.js';
import { formatters, getExitCode, type FAIL_ON } from '../../report/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';
import { renderList } from './render-list.js';

/** `--dry-run`: the catalog the gateway exposes, in list's renderer (names as `--for` shows them), then the check exit code. */
export function dryRun(
  runtime: Runtime,
  gateway: Gateway,
  config: LoadedConfig,
  settings: {
    style: string;
    for?: string | undefined;
    key: string;
    failOn: (typeof FAIL_ON)[number];
    wide: boolean;
    strict: boolean;
    /** `--router`: what a client is shown instead (serve-router.ts). */
    router?: { document: Record<string, unknown>; text: string } | undefined;
  },
): number {
  const source = gateway.catalog;
  if (!source) return EXIT.ERROR;
  const exposure = gateway.exposure;
  const naming = { style: settings.style, for: settings.for, key: settings.key };
  const names = clientNames(exposure, naming);
  const byPair = new Map(source.tools.map((tool) => [`${tool.server}\0${tool.name}`, tool]));
  const marked = new Map(exposure.marked.map((mark) => [`${mark.kind}\0${mark.server}\0${mark.tool}`, mark.to]));
  const shown: Array<{ tool: CatalogTool; name: (typeof names)[number] }> = [];
  for (const name of names) {
    const original = byPair.get(`${name.server}\0${name.tool}`);
    if (!original || original.hidden) continue;
    // Titles and descriptions as exposed (a server mark on tools several servers offer alike).
    const title = marked.get(`title\0${name.server}\0${name.tool}`);
    const description = marked.get(`description\0${name.server}\0${name.tool}`);
    const tool = { ...original, qualifiedName: name.exposed, ...(description !== undefined ? { description } : {}) };
    if (title !== undefined && original.title !== undefined) tool.title = title;
    if (title !== undefined && typeof original.annotations?.title === 'string') tool.annotations = { ...original.annotations, title };
    shown.push({ tool, name });
  }
  const catalog: Catalog = { ...source, style: settings.style, tools: shown.map(({ tool }) => tool) };
  const renderings: Rendering[] = settings.for
    ? [
        {
          target: settings.for,
          lookup: new Map(),
          names: shown.map(({ name }) => ({
            server: name.server,
            tool: name.tool,
            name: name.final,
            ...(name.dropped !== undefined ? { dropped: name.dropped } : {}),
          })),
        },
      ]
    : [];
  const result = judgeThroughGateway({
    catalog: source,
    exposure,
    config: config ?? emptyConfig(runtime.io.cwd),
    naming,
    collisions: collisionFindings(gateway.exposure, settings.style, settings.strict),
  });
  if (runtime.console.json) {
    const document = {
      ...catalog,
      gateway: { key: settings.key, style: settings.style, ...(settings.for ? { for: settings.for } : {}) },
      names: shown.map(({ name }) => name),
      marked: exposure.marked,
      ...(settings.router ? { router: settings.router.document } : {}),
      shortened: exposure.shortened,
      findings: result.findings,
      summary: result.summary,
    };
    runtime.console.out(JSON.stringify(document, null, 2) + '\n');
  } else {
    runtime.console.out(
      renderList(catalog, renderings, {
        all: false,
        color: runtime.console.color,
        styleId: `serve, ${settings.style}`,
        width: settings.wide ? undefined : runtime.console.stdoutColumns,
      }),
    );
    for (const entry of exposure.shortened)
      runtime.console.out(`shortened: ${terminalSafe(entry.server)}/${terminalSafe(entry.tool)} → ${entry.to} (${terminalSafe(entry.reason)})\n`);
    const titles = exposure.marked.filter((mark) => mark.kind === 'title');
    if (titles.length)
      runtime.console.out(
        `titles marked: ${titles.length} tool(s) several servers offer alike, e.g. "${terminalSafe(titles[0]!.from)}" → "${terminalSafe(titles[0]!.to)}"${exposure.marked.length > titles.length ? `; ${exposure.marked.length - titles.length} description(s) prefixed` : ''}\n`,
      );
    if (settings.router) runtime.console.out(settings.router.text);
    if (result.findings.length)
      runtime.console.out('\n' + formatters.text(result, { color: runtime.console.color, cwd: runtime.io.cwd, failOn: settings.failOn, config }));
  }
  const failed = source.servers.some((server) => server.status === 'error');
  return Math.max(getExitCode(result, settings.failOn), failed ? EXIT.FINDINGS : EXIT.OK);
}
