import { describe, expect, it } from 'vitest';
import fc from '../../helpers/fast-check.js';
import { collectSecrets, redactText, redactUrl } from '../../../src/util/redact.js';
import { hasUnsafeCharacters, terminalSafe } from '../../../src/util/terminal-safe.js';
import { serverSpec } from '../../helpers/fixtures.js';

const server = serverSpec;

describe('secret redaction', () => {
  it('collects env values, header values, bearer tokens and URL secrets', () => {
    const secrets = collectSecrets([
      server({ env: { API_KEY: 'env-secret-1' } }),
      server({ transport: 'http', url: 'https://user:pa55word@host/mcp?token=query-secret', headers: { Authorization: 'Bearer tok-secret' } }),
    ]);
    for (const secret of ['env-secret-1', 'pa55word', 'query-secret', 'Bearer tok-secret', 'tok-secret']) expect(secrets).toContain(secret);
  });

  it('replaces every occurrence, also JSON-escaped ones', () => {
    const text = redactText('a env"se\\cret b env"se\\cret {"k":"env\\"se\\\\cret"}', ['env"se\\cret']);
    expect(text).not.toContain('se\\cret');
    expect(text).toContain('***');
  });

  it('ignores values too short to be secrets', () => {
    expect(collectSecrets([server({ env: { DEBUG: '1', MODE: 'on' } })])).toEqual([]);
  });

  it('masks URL passwords and query values for display', () => {
    expect(redactUrl('https://u:p4ss@h.example/mcp?key=abc')).toBe('https://u:***@h.example/mcp?key=***');
  });
});

describe('terminal safety', () => {
  it('escapes ANSI/OSC escapes, bidi overrides and zero-width characters', () => {
    const hostile = 'ok\u001b[31mred\u001b]8;;http://x\u0007link\u202Eevil\u200Bzw';
    const safe = terminalSafe(hostile);
    expect(hasUnsafeCharacters(safe)).toBe(false);
    expect(safe).toBe('ok\\u{1b}[31mred\\u{1b}]8;;http://x\\u{7}link\\u{202e}evil\\u{200b}zw');
  });

  it('keeps newlines only in multiline mode', () => {
    expect(terminalSafe('a\nb')).toBe('a\\u{a}b');
    expect(terminalSafe('a\nb', { multiline: true })).toBe('a\nb');
  });

  it('never leaves an unsafe character, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => !hasUnsafeCharacters(terminalSafe(text))),
      { numRuns: 300 },
    );
  });
});
