import type { ServerSpec } from '../config/model.js';

export const REDACTED = '***';

/** Values shorter than this are not treated as secrets (redacting "1" or "true" would garble output). */
const MIN_SECRET_LENGTH = 4;

/**
 * Every secret value in the configuration: env values, header values (and the token after "Bearer "),
 * URL passwords and query-string values. The CLI scrubs all of its output with these as a last line of defence.
 */
export function collectSecrets(servers: readonly ServerSpec[]): string[] {
  const secrets = new Set<string>();
  const add = (value: string | undefined): void => {
    if (value && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
  };
  for (const server of servers) {
    for (const value of Object.values(server.env ?? {})) add(value);
    for (const value of Object.values(server.headers ?? {})) {
      add(value);
      const token = /^\s*(?:bearer|basic|token)\s+(.+)$/i.exec(value)?.[1];
      add(token);
    }
    if (server.url) for (const value of urlSecrets(server.url)) add(value);
    for (const arg of server.args ?? []) for (const value of urlSecrets(arg)) add(value);
    add(server.oauth?.clientSecret);
    for (const value of pemSecrets(server.oauth?.privateKey)) add(value);
  }
  for (const value of runtimeSecrets) secrets.add(value);
  // Longest first, so a secret containing another is replaced whole.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/**
 * Secrets learned while running (OAuth access and refresh tokens, registered client secrets, authorization codes,
 * PKCE verifiers, private keys read from files). Redacted like configured ones by every scrubber: `collectSecrets`
 * includes them, and `withRuntimeSecrets` adds them to a list collected earlier (the CLI's output scrubber).
 */
const runtimeSecrets = new Set<string>();
let runtimeVersion = 0;

export function registerSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET_LENGTH || runtimeSecrets.has(value)) return;
  runtimeSecrets.add(value);
  for (const piece of pemSecrets(value)) if (piece !== value) runtimeSecrets.add(piece);
  runtimeVersion++;
}

let merged: { base: readonly string[]; version: number; secrets: readonly string[] } | undefined;

/** `base` plus every secret registered at run time, longest first (cached while nothing new was registered). */
export function withRuntimeSecrets(base: readonly string[]): readonly string[] {
  if (runtimeSecrets.size === 0) return base;
  if (merged?.base !== base || merged.version !== runtimeVersion) {
    merged = { base, version: runtimeVersion, secrets: [...new Set([...base, ...runtimeSecrets])].sort((a, b) => b.length - a.length) };
  }
  return merged.secrets;
}

/** A PEM block and each of its base64 lines (an error message or a truncated cell may show one line of a key). */
function pemSecrets(pem: string | undefined): string[] {
  if (!pem) return [];
  if (!pem.includes('-----BEGIN')) return [pem];
  return [pem, pem.trim(), ...pem.split(/\r?\n/).filter((line) => line.length >= 16 && !line.startsWith('-----'))];
}

function urlSecrets(text: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return [];
  try {
    const url = new URL(text);
    const found: string[] = [];
    if (url.password) found.push(url.password, decodeURIComponent(url.password));
    if (url.username && url.password) found.push(url.username);
    for (const [, value] of url.searchParams) found.push(value);
    return found;
  } catch {
    // Not a valid URL (a typo): still take what looks like userinfo and query values.
    return [/\/\/[^/@\s:]*:([^@/\s]+)@/.exec(text)?.[1], ...[...text.matchAll(/[?&][^=&#\s]*=([^&#\s]+)/g)].map((match) => match[1])].filter(
      (value): value is string => value !== undefined,
    );
  }
}

/** Replace every secret occurrence in text. */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && result.includes(escaped)) result = result.split(escaped).join(REDACTED);
  }
  return result;
}

/** A URL with its password and query values masked, for display. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.password) url.password = REDACTED;
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, REDACTED);
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
 */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (!secrets.length) return value;
  const json = JSON.stringify(value);
  if (json === undefined || redactText(json, secrets) === json) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redactText(node, secrets);
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    // fromEntries defines own properties, so a "__proto__" key stays a key.
    return Object.fromEntries(Object.entries(node).map(([key, entry]) => [redactText(key, secrets), walk(entry)]));
  };
  return walk(value) as T;
}
