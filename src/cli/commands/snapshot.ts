import type { Command } from '@commander-js/extra-typings';
import { parseCatalogText } from '../../catalog/read.js';
import type { Catalog } from '../../catalog/types.js';
import { diffCatalogs } from '../../diff/diff.js';
import { McpnsError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { createSnapshot, serializeSnapshot, type Snapshot } from '../../snapshot/create.js';
import { defineAction, type CommandHost, type Runtime } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { OPTIONS } from '../options/table.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';
import { outputFile, readExisting, writeOutputFile } from '../services/write-output.js';
import { findSecretLeak } from '../../snapshot/secrets.js';

type WriteStatus = 'created' | 'written' | 'updated' | 'unchanged' | 'stdout' | 'not-written';

export function registerSnapshot(program: Command, host: CommandHost): void {
  const base = program
    .command('snapshot')
    .description('write a deterministic catalog snapshot (lock file) with per-tool hashes')
    .requiredOption(OPTIONS.lockOutput.flags, OPTIONS.lockOutput.description)
    .option(OPTIONS.update.flags, OPTIONS.update.description)
    .option(OPTIONS.allowPartial.flags, OPTIONS.allowPartial.description)
    .addHelpText(
      'after',
      `
Examples:
  mcpns snapshot -o mcpns.lock.json
  mcpns snapshot --update -o mcpns.lock.json
  mcpns check --catalog mcpns.lock.json        # offline: starts no server
  mcpns diff mcpns.lock.json                   # drift against the live servers

The same servers give byte-identical files: keys sorted, no timestamps or durations, config paths relative.
When a server fails nothing is written (exit 1) unless --allow-partial; the lock is never silently partial.
The file is replaced atomically: a failed write leaves the previous lock as it was.`,
    );
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(base)));

  defineAction(command, host, async (runtime, options) => {
    const config = await loadConfigurationFor(runtime, options);
    // Checked before any server starts: a directory or a device as target is a usage error.
    const target = outputFile(runtime.io.cwd, options.output, '--output');
    // Raw text: a configured secret echoed by a server must make the snapshot refuse, not be written as ***.
    const { catalog } = await obtainCatalog(runtime, { settings: options, config, keepSecrets: true });
    const failed = catalog.servers.filter((server) => server.status === 'error');

    if (failed.length && !options.allowPartial) {
      const names = failed.map((server) => `${server.name} (${server.error?.code ?? 'ERROR'})`).join(', ');
      runtime.console.error({
        code: 'SERVER_FAILED',
        message: `not writing ${target ? target.shown : 'the snapshot'}: ${failed.length} server(s) failed: ${names}`,
        hint: 'fix them, or pass --allow-partial to record them as failed',
        servers: failed.map((server) => server.name),
      });
      if (runtime.console.json) report(runtime, { status: 'not-written', file: options.output, catalog });
      return EXIT.FINDINGS;
    }

    const snapshot = createSnapshot(catalog, { cwd: runtime.io.cwd, home: runtime.io.home });
    const text = serializeSnapshot(snapshot);
    // Every secret of the run (configured and derived), at the same threshold as output redaction.
    const leak = findSecretLeak(snapshot, runtime.console.secrets);
    if (leak) {
      throw new McpnsError('IO', `not writing the snapshot: ${leak} contains a configured secret value (env, header or credential)`, {
        hint: 'the server echoes a secret in what it offers; fix the server or stop passing it that secret',
      });
    }
    const exitCode = failed.length ? EXIT.FINDINGS : EXIT.OK;

    if (!target) {
      runtime.console.out(text);
      return exitCode;
    }
    const existing = readExisting(target);
    let status: WriteStatus = existing === undefined ? 'created' : options.update ? 'updated' : 'written';
    if (options.update && existing === text) status = 'unchanged';
    else writeOutputFile(target, text);

    const changes = existing !== undefined && status !== 'unchanged' ? changeSummary(existing, snapshot) : undefined;
    if (runtime.console.json) report(runtime, { status, file: options.output, catalog, ...(changes ? { changes } : {}) });
    else {
      const what = `${snapshot.tools.length} tools from ${snapshot.servers.filter((server) => server.status === 'ok').length} servers`;
      const detail = changes ? `; ${formatChanges(changes)}` : '';
      runtime.console.status(`${options.output} ${status} (${what}${detail})`);
    }
    return exitCode;
  });
}

/** Finding counts per drift code between the old file and the new snapshot; undefined when the old file is unreadable. */
function changeSummary(existing: string, snapshot: Snapshot): Record<string, number> | undefined {
  let previous: Catalog;
  try {
    // Hashes are dropped first: a hand-edited lock is exactly the case where the summary matters.
    const value = JSON.parse(existing) as { tools?: { hashes?: unknown }[] };
    for (const tool of value.tools ?? []) delete tool.hashes;
    previous = parseCatalogText(JSON.stringify(value), 'previous lock');
  } catch {
    return undefined;
  }
  const counts: Record<string, number> = {};
  for (const finding of diffCatalogs(previous, snapshot)) counts[finding.code] = (counts[finding.code] ?? 0) + 1;
  return counts;
}

function formatChanges(changes: Record<string, number>): string {
  const entries = Object.entries(changes).sort(([a], [b]) => (a < b ? -1 : 1));
  return entries.length ? entries.map(([code, count]) => `${count} ${code}`).join(', ') : 'formatting only';
}

function report(runtime: Runtime, payload: { status: WriteStatus; file: string; catalog: Catalog; changes?: Record<string, number> }): void {
  const failed = payload.catalog.servers.filter((server) => server.status === 'error').map((server) => server.name);
  const body = {
    schemaVersion: 1,
    file: payload.file,
    status: payload.status,
    tools: payload.catalog.tools.length,
    servers: payload.catalog.servers.length,
    failedServers: failed,
    ...(payload.changes ? { changes: payload.changes } : {}),
  };
  runtime.console.out(`${JSON.stringify(body, null, 2)}\n`);
}
