import { createHash } from 'node:crypto';

/**
 * Hex SHA-1 of a string's UTF-8 bytes, as every hashing product does (Python `seed.encode("utf-8")`,
 * Node `createHash("sha1").update(str)`, Rust `s.as_bytes()`). Lone surrogates become U+FFFD, never throw.
 */
export function sha1Hex(value: string): string {
  return createHash('sha1').update(value, 'utf8').digest('hex');
}
