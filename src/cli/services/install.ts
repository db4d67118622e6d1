/**
 * `serve --install <client>` / `serve --uninstall <client>`: reads the files the plan names, shows or writes its
 * changes, and keeps a backup to undo them byte for byte. The backup (a manifest holding each file's bytes before the
 * first install, or that it did not exist, and a hash of what the install wrote) lives in the user's state
 * directory, `<state>/install/<client>-<scope>-<hash of the folder>.json`, private (0600): config files hold secrets.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpnsError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { planInstall } from '../../gateway/install/plan.js';
import { INSTALL_CLIENTS, INSTALL_SCOPES, type InstallClient, type InstallScope } from '../../gateway/install/types.js';
import { unifiedDiff } from '../../gateway/install/unified-diff.js';
import { packageFileUrl } from '../../util/package-file.js';
import { MAX_CONFIG_BYTES, readRegularFile, UnreadableFileError } from '../../util/read-file.js';
import { stateDirectory } from '../../util/state-dir.js';
import { writeFileAtomic } from '../../util/write-atomic.js';
import type { Runtime } from './command.js';

export interface InstallSettings {
  install?: string | undefined;
  uninstall?: string | undefined;
  scope?: string | undefined;
  key: string;
  style?: string | undefined;
  router?: true | undefined;
  command?: string | undefined;
  dryRun: boolean;
}

/** The command's options the install reads (any others are serve's own and do not apply). */
type Settings = InstallSettings & { client: string };

interface Manifest {
  schemaVersion: 1;
  client: InstallClient;
  scope: InstallScope;
  folder: string;
  files: Array<{ path: string; before: string | null; mode?: number; after: string }>;
  createdFolders: string[];
}

/** The client id, checked (a usage error lists the ones there are). */
export function installClient(value: string): InstallClient {
  if ((INSTALL_CLIENTS as readonly string[]).includes(value)) return value as InstallClient;
  throw new UsageError(`serve --install does not know the client "${value}"`, { hint: `one of ${INSTALL_CLIENTS.join(', ')}` });
}

/** Codex's own `mcp add` writes the user's file; the others' write the project's. */
const defaultScope = (client: InstallClient): InstallScope => (client === 'codex' ? 'user' : 'project');

export async function runInstall(runtime: Runtime, options: InstallSettings): Promise<number> {
  if (options.install !== undefined && options.uninstall !== undefined) throw new UsageError('pass --install or --uninstall, not both');
  const settings: Settings = { ...options, client: options.install ?? options.uninstall ?? '' };
  const client = installClient(settings.client);
  if (settings.scope !== undefined && !(INSTALL_SCOPES as readonly string[]).includes(settings.scope)) {
    throw new UsageError(`--scope takes ${INSTALL_SCOPES.join(' or ')}, got "${settings.scope}"`);
  }
  const scope = (settings.scope as InstallScope | undefined) ?? defaultScope(client);
  const { cwd: project, home, env } = runtime.io;
  const manifestFile = join(
    stateDirectory({ env, home }),
    'install',
    `${client}-${scope}-${createHash('sha1')
      .update(scope === 'project' ? project : home)
      .digest('hex')
      .slice(0, 12)}.json`,
  );
  return settings.uninstall !== undefined ? uninstall(runtime, settings, manifestFile) : install(runtime, settings, { client, scope, manifestFile });
}

async function install(runtime: Runtime, settings: Settings, target: { client: InstallClient; scope: InstallScope; manifestFile: string }): Promise<number> {
  const { cwd: project, home, env } = runtime.io;
  const bin = fileURLToPath(packageFileUrl('bin/mcpns.js'));
  const plan = planInstall({
    client: target.client,
    scope: target.scope,
    project,
    home,
    env,
    platform: process.platform,
    key: settings.key,
    style: settings.style,
    router: settings.router === true,
    command: settings.command ? [settings.command] : ['node', bin],
    read: readText,
  });
  const shown = (file: string): string => shownPath(file, project);
  const changes = plan.changes.map((change) => ({
    file: change.file,
    action: change.before === undefined ? 'create' : 'update',
    what: change.what,
    ...(settings.dryRun ? { diff: maskSecrets(unifiedDiff(shown(change.file), change.before, change.after)) } : {}),
  }));
  const summary = {
    client: plan.client,
    scope: plan.scope,
    entryFile: plan.entryFile,
    gatewayConfig: plan.gatewayConfig,
    served: plan.served,
    method: plan.method,
  };
  if (runtime.console.json) {
    runtime.console.out(JSON.stringify({ schemaVersion: 1, ...summary, dryRun: settings.dryRun, changes }, null, 2) + '\n');
  } else if (!changes.length) {
    runtime.console.out(`nothing to change: ${plan.client} already reaches ${plan.served.join(', ')} through the gateway (${shown(plan.entryFile)})\n`);
  } else if (settings.dryRun) {
    runtime.console.out(changes.map((change) => change.diff).join(''));
  }
  if (!changes.length || settings.dryRun) return EXIT.OK;

  const manifest = readManifest(target.manifestFile) ?? {
    schemaVersion: 1,
    client: plan.client,
    scope: plan.scope,
    folder: plan.scope === 'project' ? project : home,
    files: [],
    createdFolders: [],
  };
  for (const change of plan.changes) {
    const real = realTarget(change.file);
    let entry = manifest.files.find((file) => file.path === change.file);
    if (!entry) {
      const before = existsSync(real) ? readFileSync(real) : undefined;
      entry = { path: change.file, before: before ? before.toString('base64') : null, ...(before ? { mode: statSync(real).mode & 0o777 } : {}), after: '' };
      manifest.files.push(entry);
    }
    entry.after = sha256(Buffer.from(change.after ?? '', 'utf8'));
    for (const folder of missingFolders(dirname(real))) if (!manifest.createdFolders.includes(folder)) manifest.createdFolders.push(folder);
  }
  writeManifest(target.manifestFile, manifest);
  for (const change of plan.changes) {
    const real = realTarget(change.file);
    mkdirSync(dirname(real), { recursive: true });
    const mode = existsSync(real) ? statSync(real).mode & 0o777 : 0o644;
    writeFileAtomic(real, change.after ?? '', { mode, durable: true });
    if (!runtime.console.json) runtime.console.out(`${change.before === undefined ? 'created' : 'updated'} ${shown(change.file)}: ${change.what.join('; ')}\n`);
  }
  runtime.console.status(
    `${plan.client} now reaches ${plan.served.join(', ')} through the gateway; undo with: mcpns serve --uninstall ${plan.client}${settings.scope ? ` --scope ${plan.scope}` : ''} (backup: ${target.manifestFile})`,
    { manifest: target.manifestFile },
  );
  return EXIT.OK;
}

async function uninstall(runtime: Runtime, settings: Settings, manifestFile: string): Promise<number> {
  const manifest = readManifest(manifestFile);
  if (!manifest) {
    throw new UsageError(`nothing to undo: no install of ${settings.client} is recorded for this ${settings.scope === 'user' ? 'user' : 'folder'}`, {
      hint: `the backup would be ${manifestFile}; pass the --scope the install used`,
    });
  }
  const shown = (file: string): string => shownPath(file, runtime.io.cwd);
  const edited = manifest.files.filter((file) => {
    const real = realTarget(file.path);
    return sha256(existsSync(real) ? readFileSync(real) : Buffer.alloc(0)) !== file.after;
  });
  if (edited.length) {
    throw new McpnsError('USAGE', `not undoing: ${edited.map((file) => shown(file.path)).join(', ')} changed since the install, and undo would lose that`, {
      hint: `put back what the install wrote or restore by hand from ${manifestFile} (each file's bytes before the install, base64)`,
    });
  }
  const restored = manifest.files.map((file) => ({
    file: file.path,
    action: file.before === null ? 'remove' : 'restore',
    ...(settings.dryRun
      ? {
          diff: maskSecrets(
            unifiedDiff(shown(file.path), readText(file.path), file.before === null ? undefined : Buffer.from(file.before, 'base64').toString('utf8')),
          ),
        }
      : {}),
  }));
  if (runtime.console.json)
    runtime.console.out(
      JSON.stringify({ schemaVersion: 1, client: manifest.client, scope: manifest.scope, dryRun: settings.dryRun, changes: restored }, null, 2) + '\n',
    );
  else if (settings.dryRun) runtime.console.out(restored.map((change) => change.diff).join(''));
  if (settings.dryRun) return EXIT.OK;
  for (const file of manifest.files) {
    const real = realTarget(file.path);
    if (file.before === null) rmSync(real, { force: true });
    else writeFileAtomic(real, Buffer.from(file.before, 'base64'), { mode: file.mode ?? 0o644, durable: true });
    if (!runtime.console.json) runtime.console.out(`${file.before === null ? 'removed' : 'restored'} ${shown(file.path)}\n`);
  }
  for (const folder of [...manifest.createdFolders].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(folder);
    } catch {
      // not empty (something else lives there now) or gone: leave it
    }
  }
  rmSync(manifestFile, { force: true });
  runtime.console.status(`${manifest.client}: every file is as it was before the install`);
  return EXIT.OK;
}

function readText(file: string): string | undefined {
  try {
    return readRegularFile(file, MAX_CONFIG_BYTES);
  } catch (error) {
    if (error instanceof UnreadableFileError && error.reason === 'not-found') return undefined;
    throw new McpnsError('IO', error instanceof Error ? error.message : String(error));
  }
}

/** A symbolic link (a dotfiles checkout) is written through: the rename would otherwise replace the link itself. */
function realTarget(file: string): string {
  try {
    return lstatSync(file).isSymbolicLink() ? realpathSync(file) : file;
  } catch {
    return file;
  }
}

/** The folders above `folder` (itself included) that do not exist yet, deepest last. */
function missingFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let current = folder; !existsSync(current) && dirname(current) !== current; current = dirname(current)) missing.unshift(current);
  return missing;
}

function readManifest(file: string): Manifest | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Manifest;
    if (value.schemaVersion === 1 && Array.isArray(value.files)) return value;
  } catch {
    // reported below
  }
  throw new McpnsError('IO', `the install backup ${file} is not readable`, { hint: 'restore the files by hand, then remove it' });
}

function writeManifest(file: string, manifest: Manifest): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileAtomic(file, JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600, durable: true });
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** Values under secret-looking keys (env, headers) in a diff's lines, masked: a diff must not print a token. */
function maskSecrets(diff: string): string {
  return diff.replace(
    /((?:"|')?[\w.-]*(?:token|secret|key|password|passwd|auth|cookie|credential)[\w.-]*(?:"|')?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'[^']*')/gi,
    (_match, head: string) => `${head}"***"`,
  );
}
