import { describe, expect, it } from 'vitest';
import { bearerMatches, hostnameOf, tokenDigest } from '../../../src/gateway/http-guards.js';

describe('hostnameOf', () => {
  it('takes a hostname with an optional port', () => {
    expect(hostnameOf('[::1]:8765')).toBe('[::1]');
    expect(hostnameOf('[::1]')).toBe('[::1]');
    expect(hostnameOf('LocalHost:80')).toBe('localhost');
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('refuses anything after the hostname but a port', () => {
    for (const value of ['[::1].evil.example', '[::1]evil', '[::1]:80.evil.example', 'localhost:x', 'localhost:80:90', '[::1', ''])
      expect(hostnameOf(value), value).toBeUndefined();
  });
});

describe('bearerMatches', () => {
  const token = 'abcdefghijklmnopqrstuvwx';
  const digest = tokenDigest(token);

  it('accepts the token and refuses anything else without throwing', () => {
    expect(bearerMatches(`Bearer ${token}`, digest)).toBe(true);
    expect(bearerMatches(`bearer  ${token} `, digest)).toBe(true);
    // 24 characters of 0xE9 against a 24-character token: the lengths in characters agree, the bytes do not.
    expect(bearerMatches(`Bearer ${'\u00e9'.repeat(24)}`, digest)).toBe(false);
    expect(bearerMatches('Bearer abc', digest)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, digest)).toBe(false);
    expect(bearerMatches(undefined, digest)).toBe(false);
  });

  it('compares bytes: a non-ASCII token sent as UTF-8 matches', () => {
    const unicode = 'tökén-with-ümlauts-0123456789';
    expect(bearerMatches(`Bearer ${Buffer.from(unicode, 'utf8').toString('latin1')}`, tokenDigest(unicode))).toBe(true);
  });
});
