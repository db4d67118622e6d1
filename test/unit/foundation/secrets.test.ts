/**
 * The run's secret set (issue 18 §1, §6, §7 and "not a promise yet"): credentials mcpns derives are registered
 * before they are sent, one threshold everywhere, secret-shaped arguments and URL path segments, and redaction
 * before every cut (the stderr tail, the stdout-noise note).
 */
import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { describeTarget } from '../../../src/config/describe-server.js';
import { StderrBuffer } from '../../../src/discovery/stderr-buffer.js';
import { createSnapshot } from '../../../src/snapshot/create.js';
import { findSecretLeak } from '../../../src/snapshot/secrets.js';
import { basicAuthorization, MIN_SECRET_LENGTH, redactDeep, redactText, SecretSet } from '../../../src/util/redact.js';
import { serverSpec } from '../../helpers/fixtures.js';

const spec = serverSpec;

/** Every substring of `secret` at least `min` characters long that occurs in `text`. */
function fragments(text: string, secret: string, min = 6): string[] {
  const found = new Set<string>();
  for (let start = 0; start + min <= secret.length; start++) {
    const piece = secret.slice(start, start + min);
    if (text.includes(piece)) found.add(piece);
  }
  return [...found];
}

describe('SecretSet: what mcpns sends is registered before it is sent', () => {
  it('registers the Basic header built from URL userinfo, in the encoding that is sent', () => {
    const url = 'https://user:pw-7f3a9c@host.example/mcp';
    const secrets = SecretSet.fromServers([spec({ transport: 'http', url })]);
    const header = basicAuthorization(new URL(url));
    expect(header).toBe(`Basic ${Buffer.from('user:pw-7f3a9c').toString('base64')}`);
    // A server echoing the header (or its base64 alone) finds it redacted.
    expect(secrets.redact(`you sent ${header}`)).toBe('you sent ***');
    expect(secrets.redact(header.slice('Basic '.length))).toBe('***');
    expect(secrets.redact('user:pw-7f3a9c')).toBe('***');
    // The user name alone is not a credential.
    expect(secrets.redact('hello user')).toBe('hello user');
  });

  it('registers the parts of configured Authorization values: the token, and the decoded Basic pair', () => {
    const basic = Buffer.from('deploy:hunter22').toString('base64');
    const secrets = SecretSet.fromServers([
      spec({ transport: 'http', url: 'https://h/mcp', headers: { Authorization: `Basic ${basic}`, 'X-Token': 'Bearer tok-123456' } }),
    ]);
    for (const value of [basic, 'deploy:hunter22', 'hunter22', 'tok-123456', 'Bearer tok-123456']) expect(secrets.list()).toContain(value);
  });

  it('a value registered later (an OAuth token) is redacted from then on by everything sharing the set', () => {
    const secrets = new SecretSet();
    expect(secrets.redact('token ya29-abcdef')).toBe('token ya29-abcdef');
    secrets.register('ya29-abcdef');
    expect(secrets.redact('token ya29-abcdef')).toBe('token ***');
    expect(redactDeep({ description: 'token ya29-abcdef' }, secrets)).toEqual({ description: 'token ***' });
  });

  it('one threshold: values of MIN_SECRET_LENGTH characters are secrets; JSON literals and short numbers never are', () => {
    expect(MIN_SECRET_LENGTH).toBe(4);
    const secrets = SecretSet.fromServers([spec({ env: { A: 'abcd', B: 'abc', DEBUG: 'true', PORT: '8080', NONE: 'null' } })]);
    expect(secrets.list()).toEqual(['abcd']);
    // Redacting "true" or "8080" would corrupt JSON output.
    expect(redactText('{"readOnlyHint":true,"port":8080,"abcd":1}', secrets)).toBe('{"readOnlyHint":true,"port":8080,"***":1}');
  });

  it('recognises secret shapes in arguments and URL paths', () => {
    const server = spec({
      command: 'npx',
      args: [
        'server',
        '--api-key=k3y-value-1',
        '--token',
        'tok-value-2',
        'SERVICE_SECRET=s3cret-3',
        '--header',
        'Authorization: Bearer b3arer-value-4',
        'sk-proj-abcdefghijklmnop5',
        '--name=plain',
      ],
    });
    const secrets = SecretSet.fromServers([server]);
    for (const value of ['k3y-value-1', 'tok-value-2', 's3cret-3', 'b3arer-value-4', 'sk-proj-abcdefghijklmnop5']) expect(secrets.list()).toContain(value);
    expect(secrets.list()).not.toContain('plain');
    const shown = describeTarget(server);
    expect(shown.masked).toBe(true);
    expect(shown.target).toBe('npx server --api-key=*** --token *** SERVICE_SECRET=*** --header "Authorization: Bearer ***" *** --name=plain');

    const remote = spec({ transport: 'http', url: 'https://api.example/mcp/sk-live-0123456789abcdefXYZ/sse?x=1' });
    expect(describeTarget(remote)).toEqual({ target: 'https://api.example/mcp/***/sse?x=***', masked: true });
    expect(SecretSet.fromServers([remote]).list()).toContain('sk-live-0123456789abcdefXYZ');
    // Query values: by the parameter's name or the value's shape; `?tenant=second` is not a secret.
    const query = SecretSet.fromServers([
      spec({ transport: 'http', url: 'https://h.example/mcp?tenant=second&api_key=k3y-123&x=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5' }),
    ]);
    expect(query.redact('tenant=second api_key=k3y-123 x=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5')).toBe('tenant=second api_key=*** x=***');
    expect(query.list()).not.toContain('second');
    const random = spec({ transport: 'http', url: 'https://hooks.example/v1/a3f9c0d1e2b4a6c8e0f1a2b3c4d5e6f7/mcp' });
    expect(describeTarget(random).target).toBe('https://hooks.example/v1/***/mcp');
    // Words, dates and versions are not keys.
    expect(describeTarget(spec({ transport: 'http', url: 'https://h.example/release-notes-2024-05-01/v1.2.3-beta.4+build.567890/mcp' })).masked).toBe(false);
  });
});

describe('redaction before every cut', () => {
  const secret = 'SENTINEL-4c1d-SECRET';

  it('the stderr tail never starts with the end of a secret, however the text arrives', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 40 }), (limit, cuts) => {
        const buffer = new StderrBuffer(limit, new SecretSet([secret]));
        const text = `${secret} `.repeat(Math.ceil((limit * 2) / (secret.length + 1)));
        let at = 0;
        for (const size of cuts) {
          buffer.append(Buffer.from(text.slice(at, at + size)));
          at += size;
          if (at >= text.length) break;
        }
        buffer.append(Buffer.from(text.slice(at)));
        expect(fragments(buffer.text(), secret, 4)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('a note quoting server text redacts before it clips (the secret straddles the clip)', () => {
    const buffer = new StderrBuffer(64 * 1024, new SecretSet([secret]));
    const line = `${'n'.repeat(190)}${secret} and more`;
    buffer.note(`non-JSON line on stdout ignored: ${buffer.excerpt(line, 200)}`);
    expect(fragments(buffer.text(), secret, 4)).toEqual([]);
    expect(buffer.text()).toContain('***');
  });

  it('the snapshot guard uses the same set and threshold as output (a 6-character secret is caught)', () => {
    const catalog = {
      schemaVersion: 1 as const,
      generatedAt: '',
      style: 'slash',
      servers: [{ name: 'echo', transport: 'stdio', source: 'x', status: 'ok' as const, toolCount: 1 }],
      tools: [{ server: 'echo', name: 'leak', qualifiedName: 'echo/leak', description: 'uses s3cr3t', inputSchema: { type: 'object' } }],
    };
    expect(findSecretLeak(createSnapshot(catalog), new SecretSet(['s3cr3t']))).toBe('tool "echo/leak"');
    expect(findSecretLeak(createSnapshot(catalog), new SecretSet(['other-value']))).toBeUndefined();
  });

  it('redactDeep walks a 100 000-deep value without recursion and keeps "__proto__" keys', () => {
    let deep: unknown = 'the secret s3cr3t-value';
    for (let level = 0; level < 100_000; level++) deep = { next: deep };
    const redacted = redactDeep({ deep, ...JSON.parse('{"__proto__":"s3cr3t-value"}') }, ['s3cr3t-value']) as Record<string, unknown>;
    expect(Object.keys(redacted)).toEqual(['deep', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(redacted, '__proto__')?.value).toBe('***');
    let node = redacted['deep'] as { next: unknown } | string;
    while (typeof node !== 'string') node = node.next as { next: unknown } | string;
    expect(node).toBe('the secret ***');
  });
});
