import type { Catalog, CatalogServer, CatalogTool } from '../../catalog/types.js';
import type { Rendering } from '../../naming/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { makeChalk, renderTable, shorten, type Cell } from './render-table.js';

/** The catalog table `list` prints (and `serve --dry-run`, for the catalog the gateway exposes). */
function flags(tool: CatalogTool): string {
  const annotations = tool.annotations ?? {};
  const marks: string[] = [];
  if (annotations.readOnlyHint === true) marks.push('read-only');
  else if (annotations.destructiveHint === true) marks.push('destructive');
  if (annotations.idempotentHint === true) marks.push('idempotent');
  if (annotations.openWorldHint === true) marks.push('open-world');
  return marks.join(' ');
}

export interface RenderListOptions {
  all: boolean;
  color: boolean;
  styleId: string;
  /** Fit the table to this terminal width (undefined: never cut columns). */
  width?: number | undefined;
}

export function renderList(catalog: Catalog, renderings: Rendering[], options: RenderListOptions): string {
  const chalk = makeChalk(options.color);
  const rows: Cell[][] = [];
  for (const [index, tool] of catalog.tools.entries()) {
    if (!options.all && tool.hidden) continue;
    const presetCells = renderings.map((rendering): Cell => {
      const rendered = rendering.names[index];
      if (!rendered) return '';
      if (rendered.refused) return { text: `(refused: ${terminalSafe(rendered.refused.rule)})`, paint: chalk.red };
      return rendered.dropped ? { text: `(dropped: ${terminalSafe(rendered.dropped)})`, paint: chalk.red } : terminalSafe(rendered.name);
    });
    const description: Cell = tool.hidden
      ? { text: `(hidden by ${terminalSafe(tool.hidden.by)}: ${terminalSafe(tool.hidden.reason)})`, paint: chalk.dim }
      : terminalSafe(shorten(tool.description, 60));
    rows.push([
      terminalSafe(tool.server),
      { text: terminalSafe(tool.qualifiedName), paint: chalk.cyan },
      ...presetCells,
      description,
      { text: flags(tool), paint: chalk.dim },
    ]);
  }
  if (options.all) {
    for (const server of catalog.servers) {
      for (const entry of server.malformedTools ?? []) {
        rows.push([
          terminalSafe(server.name),
          { text: terminalSafe(entry.name ?? `(tool #${entry.index})`), paint: chalk.red },
          ...renderings.map((): Cell => ''),
          { text: `(malformed, set aside: ${terminalSafe(entry.problems.join('; '))})`, paint: chalk.red },
          '',
        ]);
      }
    }
  }
  const columns = [
    'SERVER',
    `NAME (${options.styleId})`,
    ...renderings.map((rendering) => rendering.target.toUpperCase()),
    { header: 'DESCRIPTION', shrinkRank: 1 },
    { header: 'FLAGS', shrinkRank: 2 },
  ];
  let text = rows.length ? renderTable(columns, rows, { chalk, width: options.width }) : 'no tools\n';

  const ok = catalog.servers.filter((server) => server.status === 'ok');
  const failed = catalog.servers.filter((server) => server.status === 'error');
  const off = catalog.servers.filter((server) => server.status === 'disabled');
  const names = (servers: readonly CatalogServer[]): string => servers.map((server) => terminalSafe(server.name)).join(', ');
  const ofKind = (...kinds: Array<CatalogServer['disabledKind']>): CatalogServer[] => off.filter((server) => kinds.includes(server.disabledKind ?? 'disabled'));
  const hidden = catalog.tools.filter((tool) => tool.hidden).length;
  const malformed = ok.reduce((sum, server) => sum + (server.malformedTools?.length ?? 0), 0);
  const shown = catalog.tools.length - (options.all ? 0 : hidden);
  text += `\n${shown} tools from ${ok.length} of ${catalog.servers.length - off.length} servers`;
  if (hidden) text += options.all ? ` (${hidden} of them hidden)` : ` (${hidden} hidden; --all shows them)`;
  if (malformed) text += `; ${malformed} malformed tool${malformed === 1 ? '' : 's'} set aside${options.all ? '' : ' (--all shows them)'}`;
  if (failed.length) text += `; ${failed.length} failed: ${names(failed)}`;
  const disabled = ofKind('disabled', 'profile');
  const duplicates = ofKind('duplicate');
  const rejected = ofKind('rejected');
  const untrusted = ofKind('not-trusted');
  const unapproved = ofKind('not-approved');
  if (disabled.length) text += `; ${disabled.length} disabled: ${names(disabled)}`;
  if (duplicates.length) text += `; ${duplicates.length} duplicate${duplicates.length === 1 ? '' : 's'} skipped: ${names(duplicates)}`;
  if (rejected.length) text += `; ${rejected.length} not loaded by ${rejected.length === 1 ? 'its' : 'their'} client (CONFIG_REJECTED): ${names(rejected)}`;
  if (untrusted.length)
    text += `; ${untrusted.length} not loaded where ${untrusted.length === 1 ? 'its' : 'their'} client does not trust the folder (NOT_TRUSTED): ${names(untrusted)}`;
  if (unapproved.length)
    text += `; ${unapproved.length} whose tools ${unapproved.length === 1 ? 'its' : 'their'} client does not offer in this run mode (NOT_APPROVED): ${names(unapproved)}`;
  text += '\n';
  for (const rendering of renderings) {
    if (rendering.nondeterministic) text += chalk.yellow(`note: ${rendering.target}: ${rendering.nondeterministic}\n`);
  }
  return text;
}
