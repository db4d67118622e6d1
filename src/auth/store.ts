import { createHash } from 'node:crypto';
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';
import { readRegularFile, UnreadableFileError } from '../util/read-file.js';
import { writeFileAtomic } from '../util/write-atomic.js';
import { redactUrl } from '../util/redact.js';
import { AuthError } from '../discovery/auth-error.js';

/** Version of the token file format; a file of another version is refused with a clear error (never guessed at). */
export const STORE_VERSION = 1;

/** A token file is a few kilobytes; anything this big is not ours. */
const MAX_FILE_BYTES = 1024 * 1024;

export type ClientKind = 'dynamic' | 'metadata-document' | 'pre-registered' | 'client-credentials';

/** The client identity used with the authorization server (a configured secret is never copied here). */
export interface StoredClient {
  kind: ClientKind;
  /** As registered (dynamic registration answer) or configured, stamped with `issuer` by the SDK once accepted. */
  information: OAuthClientInformationMixed & { issuer?: string };
}

/** Everything mcpns keeps about one server's sign-in. Secrets inside: the file is 0600 in a 0700 directory. */
export interface StoredAuth {
  version: typeof STORE_VERSION;
  /** The canonical server URL (query values masked) the record belongs to. */
  server: string;
  /** Configured name of the server when last used (for `auth status` of servers no longer configured). */
  name?: string;
  /** The authorization server every credential here is bound to. */
  issuer?: string;
  client?: StoredClient;
  /** The loopback redirect URI last registered/used (its port is tried first on the next sign-in). */
  redirectUri?: string;
  /** As the token endpoint returned them (stamped with `issuer` by the SDK). */
  tokens?: OAuthTokens;
  obtainedAt?: string;
  expiresAt?: string;
  /** Scopes the server asked for (403 insufficient_scope) beyond the granted ones: the next sign-in requests them. */
  pendingScopes?: string[];
  /**
   * Client credentials: a salted SHA-256 of the credentials that obtained `tokens` (`sha256:<salt>:<hex>`). A token
   * obtained with other credentials is not used: a rotated or wrong secret shows at once.
   */
  credentials?: string;
  updatedAt: string;
}

/** The URL a record is keyed by: no fragment, no credentials; scheme and host lower-cased, default port dropped. */
export function canonicalServerUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/**
 * The key a server's credentials are stored under: its URL for sign-ins (one per server URL, whatever name it is
 * configured under), plus the client id for client credentials (a CI client never shares a file with a person's
 * sign-in to the same server).
 */
export function storeKey(spec: { url?: string | undefined; oauth?: { grantType?: string; clientId?: string } | undefined }): string {
  const url = spec.url ?? '';
  return spec.oauth?.grantType === 'client_credentials' ? `${url} client_credentials:${spec.oauth.clientId ?? ''}` : url;
}

function splitKey(key: string): { url: string; variant?: string } {
  const space = key.indexOf(' ');
  return space < 0 ? { url: key } : { url: key.slice(0, space), variant: key.slice(space + 1) };
}

export interface StoreEntry {
  file: string;
  record?: StoredAuth;
  error?: AuthError;
}

/**
 * Token files under `<state dir>/oauth/`, one per server URL (file name: host plus a hash of the canonical URL, so two
 * servers never share a file and the URL's query never appears in a file name). Every write is atomic (temporary
 * file with mode 0600 in the same directory, fsync, rename); the directory is 0700.
 */
export class TokenStore {
  readonly directory: string;

  constructor(stateDir: string) {
    this.directory = join(stateDir, 'oauth');
  }

  /** The file of a store key (`storeKey`: the server URL, plus the client for client credentials). */
  fileFor(key: string): string {
    const { url, variant } = splitKey(key);
    const canonical = canonicalServerUrl(url);
    const host = new URL(canonical).host.replace(/[^a-zA-Z0-9.-]+/g, '_').slice(0, 60);
    return join(
      this.directory,
      `${host}-${createHash('sha256')
        .update(variant ? `${canonical}\n${variant}` : canonical)
        .digest('hex')
        .slice(0, 24)}.json`,
    );
  }

  /** The record of a server, undefined when there is none. A corrupt or foreign file is an AUTH_STORE_INVALID error. */
  read(serverUrl: string, serverName?: string): StoredAuth | undefined {
    return readRecord(this.fileFor(serverUrl), serverName);
  }

  write(serverUrl: string, record: Omit<StoredAuth, 'version' | 'server' | 'updatedAt'>, now = new Date()): void {
    const full: StoredAuth = {
      version: STORE_VERSION,
      server: redactUrl(canonicalServerUrl(splitKey(serverUrl).url)),
      ...record,
      updatedAt: now.toISOString(),
    };
    this.ensureDirectory();
    writeStoreFile(this.fileFor(serverUrl), JSON.stringify(full, null, 2) + '\n');
  }

  /** Forget a server (tokens and client registration). True when there was something to forget. */
  remove(serverUrl: string): boolean {
    const file = this.fileFor(serverUrl);
    const existed = exists(file);
    rmSync(file, { force: true });
    return existed;
  }

  /** Every token file, readable or not (status lists servers no longer configured; logout --all removes them). */
  list(): StoreEntry[] {
    let names: string[];
    try {
      names = readdirSync(this.directory);
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => {
        const file = join(this.directory, name);
        try {
          const record = readRecord(file);
          return record ? { file, record } : { file };
        } catch (error) {
          return { file, error: error as AuthError };
        }
      });
  }

  removeAll(): number {
    const entries = this.list();
    for (const entry of entries) rmSync(entry.file, { force: true });
    return entries.length;
  }

  /**
   * Hold the sign-in lock of a server (one `mcpns auth login` at a time per server). A lock left by a process that no
   * longer runs is taken over. Returns the release function.
   */
  lock(serverUrl: string, serverName: string): () => void {
    this.ensureDirectory();
    const file = `${this.fileFor(serverUrl).slice(0, -'.json'.length)}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const descriptor = openSync(file, 'wx', 0o600);
        writeSync(descriptor, `${process.pid}\n`);
        closeSync(descriptor);
        return () => rmSync(file, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw storeIoError(file, error);
        const holder = Number.parseInt(safeRead(file) ?? '', 10);
        if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
          throw new AuthError('AUTH_IN_PROGRESS', `another sign-in to "${serverName}" is in progress (process ${holder})`, {
            hint: `finish or cancel it first (one \`mcpns auth login\` per server at a time); if none is running, remove ${file}`,
          });
        }
        rmSync(file, { force: true }); // stale: its process is gone
      }
    }
    throw new AuthError('AUTH_IN_PROGRESS', `cannot take the sign-in lock for "${serverName}" (${file})`);
  }

  private ensureDirectory(): void {
    try {
      mkdirSync(this.directory, { recursive: true, mode: 0o700 });
      // Ours alone (a pre-existing directory may have been created with the umask's mode).
      chmodSync(this.directory, 0o700);
    } catch (error) {
      throw storeIoError(this.directory, error);
    }
  }
}

function readRecord(file: string, serverName?: string): StoredAuth | undefined {
  const hint = `remove it with: mcpns auth logout ${serverName ?? '<server>'}${serverName ? '' : ' (or --all)'}`;
  let text: string;
  try {
    // A regular file, bounded, never blocking: a FIFO or a link to /dev/zero at this path is refused, not read.
    text = readRegularFile(file, MAX_FILE_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    if (error.reason === 'not-found') return undefined;
    const why = { directory: 'a directory', 'not-regular': 'not a regular file', 'too-large': 'too large', unreadable: 'unreadable' }[error.reason];
    throw new AuthError('AUTH_STORE_INVALID', `token file ${file} is not an mcpns token file (${why})`, { hint, file, cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AuthError('AUTH_STORE_INVALID', `token file ${file} is corrupt (not JSON)`, { hint, file });
  }
  const record = value as Partial<StoredAuth> | null;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new AuthError('AUTH_STORE_INVALID', `token file ${file} is corrupt (not an object)`, { hint, file });
  }
  if (record.version !== STORE_VERSION) {
    const version = typeof record.version === 'number' || typeof record.version === 'string' ? String(record.version) : 'none';
    throw new AuthError('AUTH_STORE_INVALID', `token file ${file} has format version ${version}; this mcpns reads version ${STORE_VERSION}`, { hint, file });
  }
  const problem = shapeProblem(record);
  if (problem) throw new AuthError('AUTH_STORE_INVALID', `token file ${file} is corrupt (${problem})`, { hint, file });
  return record as StoredAuth;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The first field with the wrong type, if any (values are never quoted: they may be secrets). */
function shapeProblem(record: Partial<StoredAuth>): string | undefined {
  if (typeof record.server !== 'string') return '"server" must be a string';
  for (const key of ['name', 'issuer', 'redirectUri', 'obtainedAt', 'expiresAt', 'credentials', 'updatedAt'] as const) {
    if (record[key] !== undefined && typeof record[key] !== 'string') return `"${key}" must be a string`;
  }
  if (record.tokens !== undefined) {
    const tokens: unknown = record.tokens;
    if (!isObject(tokens) || typeof tokens['access_token'] !== 'string') return '"tokens.access_token" must be a string';
    if (tokens['refresh_token'] !== undefined && typeof tokens['refresh_token'] !== 'string') return '"tokens.refresh_token" must be a string';
  }
  if (record.client !== undefined) {
    const client: unknown = record.client;
    const information = isObject(client) ? client['information'] : undefined;
    if (!isObject(information) || typeof information['client_id'] !== 'string') return '"client.information.client_id" must be a string';
  }
  if (record.pendingScopes !== undefined && (!Array.isArray(record.pendingScopes) || record.pendingScopes.some((scope) => typeof scope !== 'string'))) {
    return '"pendingScopes" must be an array of strings';
  }
  return undefined;
}

/** The one atomic write (src/util/write-atomic.ts), durable (fsync before the rename), its errors worded for the store. */
function writeStoreFile(file: string, text: string): void {
  try {
    writeFileAtomic(file, text, { durable: true });
  } catch (error) {
    throw storeIoError(file, error);
  }
}

function storeIoError(path: string, error: unknown): AuthError {
  const code = (error as NodeJS.ErrnoException).code;
  return new AuthError('AUTH_STORE_INVALID', `cannot write the token store at ${path}: ${code ?? (error as Error).message}`, {
    hint: 'set MCPNS_STATE_DIR to a writable directory',
    file: path,
    cause: error,
  });
}

/** A small regular file's text (the lock's process id); undefined when it is not one. */
function safeRead(file: string): string | undefined {
  try {
    return readRegularFile(file, 4096);
  } catch {
    return undefined;
  }
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
