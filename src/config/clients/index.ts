import { MAX_CONFIG_BYTES, readRegularFile, UnreadableFileError } from '../../util/read-file.js';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { LoadOptions } from '../load-options.js';
import { emptyConfig, type LoadedConfig } from '../loaded.js';
import type { ClientId } from '../model.js';
import { detectClient } from './detect.js';
import { shownPath } from './paths.js';
import { applyClientRules } from './precedence.js';
import { CLIENT_IDS, CLIENT_READERS, readerFor } from './registry.js';
import type { ClientReader, FileRead } from './types.js';

export { CLIENT_IDS } from './registry.js';
export { applyClientRules } from './precedence.js';
export { detectClient, UNDERSTOOD_FORMATS } from './detect.js';

/**
 * Read one client config file given with `--config` or `include`: the client is detected from the
 * file's name and path, then its shape; unknown formats are a ConfigError listing what is understood.
 */
export function readForeignConfigFile(file: string, text: string, options: LoadOptions): LoadedConfig {
  const absolute = resolve(options.cwd, file);
  const shown = shownPath(absolute, options.cwd);
  const client = detectClient(absolute, text, shown);
  const reader = readerFor(client)!;
  const read = reader.read({ file: absolute, shown, text, options });
  const loaded = emptyConfig(dirname(absolute));
  loaded.files.push(shown);
  collect(loaded, reader, read, shown);
  applyClientRules(loaded.servers, [{ client, read }]);
  return loaded;
}

/**
 * `--client <id>` / `--scan`: read each client's known locations for `options.cwd` and `options.home`
 * (honouring CLAUDE_CONFIG_DIR, CODEX_HOME, XDG_CONFIG_HOME… from `options.env`). Missing files are skipped.
 */
export function readClientConfigs(options: LoadOptions & { clients: string[]; scan: boolean }): LoadedConfig {
  const readers = selectReaders(options.clients, options.scan);
  const loaded = emptyConfig(resolve(options.cwd));
  const reads: Array<{ client: ClientId; read: FileRead }> = [];
  const seen = new Set<string>();
  loaded.searched = [];
  for (const reader of readers) {
    const found: string[] = [];
    const looked: string[] = [];
    for (const location of reader.locations(options)) {
      const file = resolve(options.cwd, location.file);
      if (seen.has(`${reader.id}\u0000${file}`)) continue;
      seen.add(`${reader.id}\u0000${file}`);
      const shown = shownPath(file, options.cwd);
      looked.push(shown);
      loaded.searched.push(file);
      let text: string;
      try {
        text = readRegularFile(file, MAX_CONFIG_BYTES);
      } catch (error) {
        if (!(error instanceof UnreadableFileError)) throw error;
        if (error.reason === 'not-found' || error.reason === 'directory') continue;
        loaded.diagnostics.push({
          level: 'warning',
          code: 'CLIENT_CONFIG_UNREADABLE',
          message: `${reader.label} config skipped: ${error.message}`,
          file: shown,
        });
        continue;
      }
      found.push(shown);
      const read = reader.read({ file, shown, text, scope: location.scope, options });
      loaded.files.push(shown);
      (loaded.scanned ??= []).push({ file: shown, client: reader.id });
      collect(loaded, reader, read, shown);
      reads.push({ client: reader.id, read });
    }
    if (found.length === 0 && (options.verbose || !options.scan)) {
      loaded.diagnostics.push({
        level: options.scan ? 'info' : 'warning',
        code: 'CLIENT_CONFIG_NOT_FOUND',
        message: `no ${reader.label} config found (looked for ${looked.join(', ')})`,
      });
    }
  }
  applyClientRules(loaded.servers, reads);
  return loaded;
}

function selectReaders(clients: string[], scan: boolean): ClientReader[] {
  if (scan) return [...CLIENT_READERS];
  const wanted = [...new Set(clients)];
  const unknown = wanted.filter((id) => !(CLIENT_IDS as readonly string[]).includes(id));
  if (unknown.length > 0) {
    throw new UsageError(`unknown client ${unknown.map((id) => `"${id}"`).join(', ')}`, {
      hint: `valid clients: ${CLIENT_IDS.join(', ')}`,
      details: { valid: [...CLIENT_IDS] },
    });
  }
  return CLIENT_READERS.filter((reader) => wanted.includes(reader.id));
}

function collect(loaded: LoadedConfig, reader: ClientReader, read: FileRead, shown: string): void {
  markRejected(read, reader.label);
  loaded.servers.push(...read.servers);
  loaded.diagnostics.push(...read.diagnostics);
  if (read.servers.length === 0 && read.diagnostics.length === 0) {
    loaded.diagnostics.push({ level: 'info', code: 'NO_SERVERS_IN_FILE', message: `${shown}: no ${reader.label} MCP servers in this file`, file: shown });
  }
}

/**
 * Servers their client would not load: every server of a file the client refuses (strict JSON with a comment, a root
 * that is not an object…) and each entry it refuses. They are kept, switched off with the reason, and reported
 * as CONFIG_REJECTED by check/lint.
 */
function markRejected(read: FileRead, label: string): void {
  const fileProblem = read.diagnostics.find((diagnostic) => diagnostic.rejects === 'file');
  for (const server of read.servers) {
    const problem = fileProblem ?? server.diagnostics.find((diagnostic) => diagnostic.rejects === 'entry');
    if (!problem) continue;
    const reason = `${label} would not load it: ${problem.message}`;
    server.rejected = {
      reason,
      file: problem.file ?? server.source.file,
      ...(problem.line !== undefined ? { line: problem.line } : {}),
      ...(problem.column !== undefined ? { column: problem.column } : {}),
    };
    if (server.enabled) {
      server.enabled = false;
      server.disabledReason = reason;
    }
  }
}
