import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { LEGACY_VERDICT_TTL_MS, revisionKey, RevisionStore } from '../../../src/discovery/revision-memory.js';
import { LEGACY_REVISIONS, MODERN_REVISIONS, mutualModernRevision } from '../../../src/util/protocol-revisions.js';
import { serverSpec } from '../../helpers/fixtures.js';
import { makeTempDir } from '../../helpers/temp.js';

describe('the revisions mcpns speaks', () => {
  it("are the SDK's: its initialize revisions, and 2026-07-28, which it accepts as a pinned modern revision", () => {
    expect([...LEGACY_REVISIONS]).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
    const client = new Client({ name: 't', version: '1' });
    for (const revision of MODERN_REVISIONS) expect(() => client.setVersionNegotiation({ mode: { pin: revision } })).not.toThrow();
    expect(mutualModernRevision(['2099-01-01', '2026-07-28'])).toBe('2026-07-28');
    expect(mutualModernRevision(['2025-11-25'])).toBeUndefined();
  });
});

describe('RevisionStore', () => {
  const stdio = serverSpec({ name: 'a', command: 'node', args: ['server.js', '--token', 'sk-secret-value'], env: { API_KEY: 'k' } });

  it('remembers per server, keyed by how it is reached (never its environment), and stores no argument', () => {
    const dir = makeTempDir();
    const store = new RevisionStore(dir, () => new Date('2026-01-01T00:00:00Z'));
    store.remember(stdio, { revision: '2026-07-28', era: 'modern', probe: 'answered' });
    expect(new RevisionStore(dir).recall({ ...stdio, name: 'renamed', env: { API_KEY: 'other' } })).toMatchObject({
      name: 'a',
      revision: '2026-07-28',
      era: 'modern',
      probe: 'answered',
    });
    expect(new RevisionStore(dir).recall({ ...stdio, args: ['server.js'] })).toBeUndefined();
    expect(revisionKey(serverSpec({ transport: 'http', url: 'https://x/mcp' }))).not.toBe(revisionKey(serverSpec({ transport: 'http', url: 'https://y/mcp' })));
    const text = readFileSync(join(dir, 'protocol', 'revisions.json'), 'utf8');
    expect(text).not.toContain('sk-secret-value');
    expect(text).not.toContain('server.js');
  });

  it('forgets a 2025 verdict after a week (the server is probed again), keeps a 2026-07-28 one', () => {
    const dir = makeTempDir();
    let now = new Date('2026-01-01T00:00:00Z');
    const store = new RevisionStore(dir, () => now);
    const modern = serverSpec({ name: 'm', command: 'modern' });
    store.remember(stdio, { revision: '2025-11-25', era: 'legacy', probe: 'silent' });
    store.remember(modern, { revision: '2026-07-28', era: 'modern', probe: 'answered' });
    now = new Date(now.getTime() + LEGACY_VERDICT_TTL_MS + 1000);
    expect(store.recall(stdio)).toBeUndefined();
    expect(store.recall(stdio, { expired: true })?.revision).toBe('2025-11-25');
    expect(store.recall(modern)?.revision).toBe('2026-07-28');
  });

  it('a corrupt or foreign file is a cache miss; an unwritable directory never fails the run', () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, 'protocol'));
    writeFileSync(join(dir, 'protocol', 'revisions.json'), '{"version":1,"servers":{"zz":{"name":1},"__proto__":{}}');
    expect(new RevisionStore(dir).recall(stdio)).toBeUndefined();
    writeFileSync(
      join(dir, 'protocol', 'revisions.json'),
      JSON.stringify({
        version: 1,
        servers: { [revisionKey(stdio)]: { name: 'a', revision: 'later', era: 'modern', probe: 'answered', at: '2026-01-01T00:00:00Z' } },
      }),
    );
    expect(new RevisionStore(dir).recall(stdio)).toBeUndefined();
    // A state directory that cannot hold the file (here a regular file where the directory should be).
    const blocked = makeTempDir();
    writeFileSync(join(blocked, 'protocol'), 'not a directory');
    const store = new RevisionStore(blocked);
    expect(() => store.remember(stdio, { revision: '2026-07-28', era: 'modern', probe: 'answered' })).not.toThrow();
    expect(store.recall(stdio)?.revision).toBe('2026-07-28');
  });
});
