import { forEachNode } from './json-walk.js';
import { looksRandom, secretShapedValues, secretShapedPathSegments, tokensIn } from './secret-shapes.js';
import { defineOwn } from './own.js';

export const REDACTED = '***';

/**
 * Values shorter than this are not treated as secrets (redacting "1" or "true" would garble output). The one
 * threshold for everything: output scrubbing, stderr tails and the snapshot guard that keeps secrets out of lock files.
 */
export const MIN_SECRET_LENGTH = 4;

/**
 * Values never treated as secrets whatever their length: replacing them would corrupt JSON output (`true`, `null`,
 * a short number such as a port) and they identify nothing (`DEBUG=true`, `PORT=8080`).
 */
/**
 * The parts of a configured server that carry credentials (a `ServerSpec` of src/config is one): util sits below
 * config, so it names only what it reads.
 */
export interface ServerCredentials {
  command?: string | undefined;
  args?: readonly string[] | undefined;
  url?: string | undefined;
  env?: Readonly<Record<string, string>> | undefined;
  headers?: Readonly<Record<string, string>> | undefined;
  oauth?: { clientId?: string | undefined; clientSecret?: string | undefined; privateKey?: string | undefined } | undefined;
}

const NOT_SECRETS = /^(?:true|false|null|none|yes|no|on|off|[-+]?[0-9]{1,7}(?:\.[0-9]{1,7})?)$/i;

/**
 * Secrets learned while running (OAuth access and refresh tokens, registered client secrets, authorization codes,
 * PKCE verifiers, private keys read from files), shared by every SecretSet of the process: code that obtains a
 * credential calls `registerSecret` once, wherever it is, and every scrubber redacts it from then on.
 */
const runtimeSecrets = new Set<string>();
let runtimeVersion = 0;

/**
 * Register a credential learned at run time (see runtimeSecrets), in every encoding mcpns sends it in (see
 * sentForms). Values shorter than MIN_SECRET_LENGTH are ignored.
 */
export function registerSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET_LENGTH || runtimeSecrets.has(value)) return;
  for (const piece of [...pemSecrets(value), ...sentForms(value)]) if (piece.length >= MIN_SECRET_LENGTH) runtimeSecrets.add(piece);
  runtimeVersion++;
}

/**
 * Register an OAuth client secret at run time, with what is built from it: the `client_secret_basic` credential
 * (base64 of `id:secret`, as the SDK builds it, and of the form-encoded pair RFC 6749 §2.3.1 prescribes) besides the
 * encodings of the secret itself (`client_secret_post` sends it form-encoded).
 */
export function registerClientSecret(clientId: string | undefined, secret: string | undefined): void {
  if (!secret || secret.length < MIN_SECRET_LENGTH) return;
  registerSecret(secret);
  for (const derived of clientSecretCredentials(clientId ?? '', secret)) registerSecret(derived);
}

/**
 * A value as it travels: percent-encoded (URLs, `encodeURIComponent`) and form-encoded (`application/x-www-form-urlencoded`
 * bodies such as a token request: spaces as `+`, and `!'()*~` escaped unlike `encodeURIComponent`).
 */
function sentForms(value: string): string[] {
  return [value, encodeURIComponent(value), formEncode(value)];
}

const formEncode = (value: string): string => new URLSearchParams({ v: value }).toString().slice(2);

/** Encoded forms shorter than this are not registered: a few base64 characters occur in ordinary text. */
const MIN_ENCODED_LENGTH = 8;

/**
 * The base64 and base64url text a value becomes inside any longer base64 value (a Basic credential `user:secret`, a
 * JSON document encoded whole): for each of the three byte offsets it can start at, the characters that encode only
 * its own bits — those do not depend on what surrounds it.
 */
function base64Cores(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = text.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (core.length < MIN_ENCODED_LENGTH) continue;
    cores.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return cores;
}

/** The Basic credentials a client secret is sent as (client_secret_basic): base64 of `id:secret`, raw and form-encoded. */
function clientSecretCredentials(clientId: string, secret: string): string[] {
  const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
  return [...new Set([base64(`${clientId}:${secret}`), base64(`${formEncode(clientId)}:${formEncode(secret)}`)])];
}

/** A PEM block and each of its base64 lines (an error message or a truncated cell may show one line of a key). */
function pemSecrets(pem: string | undefined): string[] {
  if (!pem) return [];
  if (!pem.includes('-----BEGIN')) return [pem];
  return [pem, pem.trim(), ...pem.split(/\r?\n/).filter((line) => line.length >= 16 && !line.startsWith('-----'))];
}

/**
 * Every credential of a run: configured env and header values, URL passwords and query values, OAuth client secrets
 * and keys, what mcpns derives from them (the Basic header built from URL userinfo, the parts of configured
 * Basic/Bearer values, the client_secret_basic credential, every value percent- and form-encoded), secret-shaped command-line arguments and URL path segments, and every secret registered at
 * run time (`registerSecret`: OAuth tokens and the like).
 *
 * One set is shared by the output scrubber, discovery (stderr tails, error messages) and the snapshot guard, so a
 * value registered at any moment is redacted everywhere after that. **Anything mcpns sends as a credential must be
 * registered (here or with `registerSecret`) before the request is made.**
 */
export class SecretSet {
  private readonly values = new Set<string>();
  private sorted: string[] | undefined;
  private sortedVersion = -1;
  private longestCache: number | undefined;

  constructor(values: Iterable<string> = []) {
    for (const value of values) this.register(value);
  }

  /** Every secret of these configured servers (see collectSecrets). */
  static fromServers(servers: readonly ServerCredentials[]): SecretSet {
    const set = new SecretSet();
    for (const server of servers) set.registerServer(server);
    return set;
  }

  /**
   * Register a credential mcpns sends or derives (a token, a password, a header value). Registers the value as
   * given and in the encodings it can appear in: percent-encoded (URLs), form-encoded (request bodies) and
   * percent-decoded; values shorter than MIN_SECRET_LENGTH are ignored.
   */
  register(value: string | undefined): void {
    if (!value) return;
    for (const form of sentForms(value)) this.add(form);
    for (const form of base64Cores(value)) this.add(form);
    try {
      this.add(decodeURIComponent(value));
    } catch {
      // Not percent-encoded text.
    }
  }

  /**
   * Register an HTTP header value about to be sent, and its credential part: the token after "Bearer"/"Token",
   * and for "Basic" the base64 value, the decoded `user:password` and the password.
   */
  registerHeader(value: string | undefined): void {
    if (!value) return;
    this.register(value);
    const match = /^\s*(bearer|basic|token)\s+(\S+)\s*$/i.exec(value);
    if (!match) return;
    const scheme = match[1]!;
    const credential = match[2]!;
    this.register(credential);
    if (scheme.toLowerCase() !== 'basic') return;
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    // Only a real base64 round trip is a user:password pair (anything else decodes to noise).
    if (Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') !== credential.replace(/=+$/, '')) return;
    this.register(decoded);
    const colon = decoded.indexOf(':');
    if (colon >= 0) this.register(decoded.slice(colon + 1));
  }

  /** Every secret of one configured server: env and header values, URL credentials, secret-shaped arguments. */
  registerServer(server: ServerCredentials): void {
    for (const value of Object.values(server.env ?? {})) this.register(value);
    for (const value of Object.values(server.headers ?? {})) this.registerHeader(value);
    if (server.url) this.registerUrl(server.url);
    for (const arg of server.args ?? []) if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) this.registerUrl(arg);
    for (const value of secretShapedValues([server.command ?? '', ...(server.args ?? [])])) this.register(value);
    this.register(server.oauth?.clientSecret);
    if (server.oauth?.clientSecret) for (const value of clientSecretCredentials(server.oauth.clientId ?? '', server.oauth.clientSecret)) this.register(value);
    for (const value of pemSecrets(server.oauth?.privateKey)) this.register(value);
  }

  /** URL password, credential query values, secret-shaped path segments, the Basic header built from userinfo. */
  registerUrl(text: string): void {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      // Not a valid URL (a typo): still take what looks like userinfo and query values.
      const password = /\/\/[^/@\s:]*:([^@/\s]+)@/.exec(text)?.[1];
      this.register(password);
      for (const match of text.matchAll(/[?&]([^=&#\s]*)=([^&#\s]+)/g)) if (isSecretQueryValue(match[1]!, match[2]!)) this.register(match[2]);
      return;
    }
    if (url.password) {
      // The password and the header built from it; the user name alone is not a credential.
      this.register(url.password);
      this.registerHeader(basicAuthorization(url));
    }
    for (const [name, value] of url.searchParams) if (isSecretQueryValue(name, value)) this.register(value);
    for (const segment of secretShapedPathSegments(url.pathname)) this.register(segment);
  }

  /** Secrets (this set's and those registered at run time), longest first (so a secret containing another is replaced whole). */
  list(): readonly string[] {
    if (!this.sorted || this.sortedVersion !== runtimeVersion) {
      this.sorted = [...new Set([...this.values, ...runtimeSecrets])].sort((a, b) => b.length - a.length);
      this.sortedVersion = runtimeVersion;
      this.longestCache = undefined;
    }
    return this.sorted;
  }

  get size(): number {
    return this.list().length;
  }

  /** Length of the longest secret as it can appear in text, JSON-escaped or not: what a streaming redactor holds back. */
  get longestEscaped(): number {
    return (this.longestCache ??= this.list().reduce((longest, secret) => Math.max(longest, JSON.stringify(secret).length - 2), 0));
  }

  redact(text: string): string {
    return redactText(text, this.list());
  }

  private add(value: string): void {
    if (value.length < MIN_SECRET_LENGTH || this.values.has(value) || NOT_SECRETS.test(value)) return;
    this.values.add(value);
    this.sorted = undefined;
    this.longestCache = undefined;
  }
}

/** Query parameter names whose values are credentials (`api_key`, `access_token`, `sig`, `code`…). */
const SECRET_QUERY_NAME = /key|token|secret|pass|pwd|auth|sig|session|sid|jwt|code|cred|hash|bearer|access|private/i;

/**
 * Whether a URL query value is a credential: by its parameter's name, or by its shape (a known token format, a long
 * random string). Other values (`?tenant=second`, `?region=eu`) are not: as secrets they would be redacted from every
 * line of output and make `snapshot` refuse any description containing the word.
 */
function isSecretQueryValue(name: string, value: string): boolean {
  return SECRET_QUERY_NAME.test(name) || tokensIn(value).length > 0 || looksRandom(value);
}

/**
 * The `Authorization` value mcpns sends for a URL with userinfo (fetch refuses such URLs; curl and browsers send
 * Basic auth). Used by the HTTP session and by the secret collector, so the value sent is exactly the one redacted.
 */
export function basicAuthorization(url: URL): string {
  return `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
}

/**
 * Every secret value in the configuration (see SecretSet.registerServer), longest first. The CLI scrubs all of its
 * output with these as a last line of defence.
 */
export function collectSecrets(servers: readonly ServerCredentials[]): string[] {
  return [...SecretSet.fromServers(servers).list()];
}

type Secrets = readonly string[] | SecretSet;
const listOf = (secrets: Secrets): readonly string[] => (secrets instanceof SecretSet ? secrets.list() : secrets);

/** Replace every secret occurrence in text (also JSON-escaped occurrences). */
export function redactText(text: string, secrets: Secrets): string {
  let result = text;
  for (const secret of listOf(secrets)) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && result.includes(escaped)) result = result.split(escaped).join(REDACTED);
  }
  return result;
}

/** Whether text contains any of the secrets (raw or JSON-escaped). */
export function containsSecret(text: string, secrets: Secrets): boolean {
  for (const secret of listOf(secrets)) {
    if (text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1))) return true;
  }
  return false;
}

/** A URL with its password, query values and secret-shaped path segments masked, for display. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.password) url.password = REDACTED;
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, REDACTED);
    for (const segment of secretShapedPathSegments(url.pathname)) url.pathname = url.pathname.split(segment).join(REDACTED);
    return url.toString().replace(/%2A%2A%2A/g, REDACTED);
  } catch {
    // Not a valid URL (a typo): mask what looks like a password and query values anyway.
    return text.replace(/(\/\/[^/@\s:]*:)[^@/\s]+@/, `$1${REDACTED}@`).replace(/([?&][^=&#\s]*=)[^&#\s]+/g, `$1${REDACTED}`);
  }
}

/**
 * A copy of a JSON-like value (a catalog) with every secret replaced in its strings and object keys. Servers echo
 * their env into descriptions; redacting at the source also covers text that a renderer later truncates, where a
 * cut secret would no longer match the output scrubber. Returns the value itself when no secret occurs in it.
 * Iterative: a hostile 100k-deep value cannot exhaust the stack.
 */
export function redactDeep<T>(value: T, secrets: Secrets): T {
  const list = listOf(secrets);
  if (!list.length) return value;
  let found = false;
  forEachNode(value, (node, key) => {
    if ((typeof node === 'string' && containsSecret(node, list)) || (key !== undefined && containsSecret(key, list))) found = true;
    return !found;
  });
  if (!found) return value;
  return mapJson(value, (text) => redactText(text, list)) as T;
}

/**
 * A deep copy of a JSON-like value with `mapString` applied to every string and object key, without recursion.
 * Object keys are defined as own properties (a "__proto__" key stays a key).
 */
export function mapJson(value: unknown, mapString: (text: string) => string): unknown {
  const copy = (node: unknown): unknown => {
    if (typeof node === 'string') return mapString(node);
    if (Array.isArray(node)) return new Array<unknown>(node.length);
    if (node !== null && typeof node === 'object') return {};
    return node;
  };
  const root = copy(value);
  const stack: Array<[unknown, unknown]> = [[value, root]];
  while (stack.length) {
    const [source, target] = stack.pop()!;
    if (Array.isArray(source)) {
      const out = target as unknown[];
      source.forEach((item, index) => {
        out[index] = copy(item);
        if (item !== null && typeof item === 'object') stack.push([item, out[index]]);
      });
    } else if (source !== null && typeof source === 'object') {
      for (const [key, item] of Object.entries(source)) {
        const made = copy(item);
        defineOwn(target as object, mapString(key), made);
        if (item !== null && typeof item === 'object') stack.push([item, made]);
      }
    }
  }
  return root;
}
