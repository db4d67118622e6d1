/**
 * A configured secret is redacted in the forms a tool argument or a log line may carry it: base64 and base64url (of
 * the secret alone or inside a longer value, at any byte offset), a Basic credential built from it, percent-encoded.
 */
import { describe, expect, it } from 'vitest';
import { SecretSet } from '../../../src/util/redact.js';

const SECRET = 'sk-live-4f7Qx9?Zp+3m/Lr8&Vw2';
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

describe('SecretSet: encoded forms of a configured secret', () => {
  const secrets = new SecretSet([SECRET]);

  it.each([
    ['base64', b64(SECRET)],
    ['base64url', b64url(SECRET)],
    ['base64 inside a longer value, offset 1', b64(`x${SECRET}y`)],
    ['base64 inside a longer value, offset 2', b64(`xy${SECRET}`)],
    ['base64url inside a longer value', b64url(`{"key":"${SECRET}"}`)],
    ['a Basic credential', `Basic ${b64(`alice:${SECRET}`)}`],
    ['percent-encoded', encodeURIComponent(SECRET)],
  ])('%s', (_, form) => {
    const redacted = secrets.redact(`value: ${form} end`);
    expect(redacted).toContain('***');
    // The middle of the encoded value lies within the secret's encoding: it must be gone.
    const middle = form.slice(Math.floor(form.length / 2) - 6, Math.floor(form.length / 2) + 6);
    expect(redacted).not.toContain(middle);
  });

  it('short secrets get no encoded forms (a few base64 characters occur in ordinary text)', () => {
    const short = new SecretSet(['abcd']);
    expect(short.redact(b64('abcd'))).toBe(b64('abcd'));
    expect(short.redact('xx abcd yy')).toBe('xx *** yy');
  });
});
