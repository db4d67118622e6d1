/**
 * Pure checks of the HTTP face's guards: the Host header's hostname (DNS rebinding) and the bearer token. Both take
 * what a client sent verbatim and must never throw on it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** `[IPv6]` or a name without colons or brackets, then an optional `:port`, and nothing else. */
const HOST_VALUE = /^(\[[0-9a-f:.%a-z]*\]|[^:[\]]+)(?::\d{0,5})?$/;

/**
 * The hostname of a Host header value (`[::1]:80` → `[::1]`, `a.b:80` → `a.b`), or undefined when anything but a port
 * follows it (`[::1].evil.example`, `localhost:x`): such a value names no host the gateway may answer for.
 */
export function hostnameOf(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  if (text.length > 300) return undefined;
  return HOST_VALUE.exec(text)?.[1];
}

/** The SHA-256 of a token's bytes: what the gateway keeps and compares (never the token's length). */
export function tokenDigest(token: string | Buffer): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Whether an Authorization header carries the bearer token whose digest is `expected`. Digests of equal length are
 * compared in constant time: neither the token's length nor its bytes leak, and no header value can make the
 * comparison throw (Node hands header values over as latin-1, one character per byte, so the bytes are those sent).
 */
export function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
  if (given === undefined) return false;
  return timingSafeEqual(tokenDigest(Buffer.from(given, 'latin1')), expected);
}
