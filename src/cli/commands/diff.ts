import type { Command } from '@commander-js/extra-typings';
import { readCatalogDocument } from '../services/catalog-document.js';
import type { Catalog } from '../../catalog/types.js';
import { validateCodes } from '../../checks/run.js';
import { selectServers } from '../../config/select-servers.js';
import { diffCatalogs, type DiffNote } from '../../diff/diff.js';
import { driftResult } from '../../diff/result.js';
import { formatters, getExitCode, type Format } from '../../report/index.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { resolveExtraReports, resolveFormat, withReportOptions } from '../options/report-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationRecordedIn } from '../services/configuration.js';
import { emitExtraReports, emitReport, extraReportFiles } from '../services/report-output.js';
import { outputFile } from '../services/write-output.js';

export function registerDiff(program: Command, host: CommandHost): void {
  const base = program
    .command('diff')
    .description('compare two snapshots, or a snapshot against the live servers (drift: removed tools, breaking schemas, rewritten descriptions)')
    .argument('<old>', 'snapshot (or list --json catalog) to compare from')
    .argument('[new]', 'snapshot to compare to (default: discover the live servers)')
    .addHelpText(
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
  const shape = { hasPositionals: true };
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(withReportOptions(base, shape)), shape));

  defineAction(command, host, async (runtime, options, oldFile, newFile) => {
    const format = resolveFormat(options);
    const ignoreCodes = options.ignore ?? [];
    const offlineFile = newFile ?? options.catalog;
    // Without a source option, the config files the lock records (so annotations keep their file and line).
    const config = offlineFile
      ? await loadConfigurationRecordedIn(runtime, { ...options, catalog: offlineFile }, oldFile)
      : await loadConfigurationRecordedIn(runtime, options, oldFile, { required: true });
    // Unknown codes and unwritable outputs fail before any server is started.
    validateCodes(config?.rules ?? {}, config?.ignore ?? [], ignoreCodes);
    const reportOut = options.output === undefined ? undefined : outputFile(runtime.io.cwd, options.output, '--output');
    const extraReports = extraReportFiles(runtime.io.cwd, resolveExtraReports(options.report));

    const before = await readCatalogDocument(runtime.io, oldFile);
    // --server narrows both sides (unselected servers are not reported as removed); a name known on either side is valid.
    const selected = options.server?.length ? options.server : undefined;
    let after: Catalog;
    if (offlineFile) {
      after = await readCatalogDocument(runtime.io, offlineFile);
    } else {
      const configured = new Set(config?.servers.map((server) => server.name));
      const live = selected?.filter((name) => configured.has(name));
      if (selected) selectServers([...before.servers, ...(config?.servers ?? [])], selected);
      // Only servers that still exist are started; a selected server gone from config shows as SERVER_REMOVED.
      after = live?.length === 0 ? { ...before, servers: [], tools: [] } : (await obtainCatalog(runtime, { settings: options, config, servers: live })).catalog;
    }
    if (selected) selectServers([...before.servers, ...after.servers], selected);
    const notes: DiffNote[] = [];
    const result = driftResult(diffCatalogs(onlyServers(before, selected), onlyServers(after, selected), { notes }), {
      rules: config?.rules ?? {},
      ignore: config?.ignore ?? [],
      ignoreCodes,
      notes,
    });
    const render = (as: Format, color: boolean): string =>
      formatters[as](result, { color, cwd: runtime.io.cwd, failOn: options.failOn, ...(config ? { config } : {}) });
    await emitReport(runtime, reportOut, format, (color) => render(format, color));
    await emitExtraReports(runtime, extraReports, (as) => render(as, false));
    return getExitCode(result, options.failOn);
  });
}

function onlyServers(catalog: Catalog, names: readonly string[] | undefined): Catalog {
  if (!names) return catalog;
  const wanted = new Set(names);
  return { ...catalog, servers: catalog.servers.filter((server) => wanted.has(server.name)), tools: catalog.tools.filter((tool) => wanted.has(tool.server)) };
}
