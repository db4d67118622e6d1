import { describe, expect, it } from 'vitest';
import { mcpnsErrorOf } from '../../helpers/assertions.js';
import type { Catalog } from '../../../src/catalog/types.js';
import type { LoadedConfig } from '../../../src/config/loaded.js';
import { applyProfile, profilePriority } from '../../../src/profiles/profile.js';
import { makeCatalog, makeConfig } from '../checks/lint/make-catalog.js';

const catalog = makeCatalog({
  atlassian: ['atlassian_get_issue', 'atlassian_create_page', 'search_confluence'],
  calculator: ['add', 'multiply'],
  files: ['file_read_file', 'file_write_file'],
  'math-service': ['add', 'sqrt'],
  memory: ['memory_store'],
});
const servers = catalog.servers.map((server) => server.name);

const withProfiles = (profiles: LoadedConfig['profiles'], rest: Partial<LoadedConfig> = {}) => makeConfig(servers, { profiles, ...rest });
const visible = (result: Catalog) => result.tools.filter((tool) => !tool.hidden).map((tool) => `${tool.server}/${tool.name}`);
const hiddenReason = (result: Catalog, qualified: string) => result.tools.find((tool) => `${tool.server}/${tool.name}` === qualified)?.hidden;

describe('applyProfile', () => {
  it('returns the catalog unchanged without a profile', () => {
    expect(applyProfile(catalog, withProfiles({}), undefined)).toBe(catalog);
  });

  it('tools.deny "atlassian_*" really hides atlassian_get_issue (glob, not exact lookup)', () => {
    const result = applyProfile(catalog, withProfiles({ single: { tools: { deny: ['atlassian_*'] } } }), 'single');
    expect(hiddenReason(result, 'atlassian/atlassian_get_issue')).toEqual({ by: 'profile single', reason: 'tools.deny "atlassian_*"' });
    expect(visible(result)).toContain('atlassian/search_confluence');
    expect(visible(result)).not.toContain('atlassian/atlassian_get_issue');
    // Hidden tools stay in the document.
    expect(result.tools).toHaveLength(catalog.tools.length);
  });

  it('globs over qualified names: "atlassian/*" hides a whole server, "*" does not cross "/"', () => {
    const byServer = applyProfile(catalog, withProfiles({ p: { tools: { deny: ['atlassian/*'] } } }), 'p');
    expect(visible(byServer).filter((name) => name.startsWith('atlassian/'))).toEqual([]);
    const qualifiedStar = applyProfile(catalog, withProfiles({ p: { tools: { deny: ['*/add'] } } }), 'p');
    expect(visible(qualifiedStar)).not.toContain('calculator/add');
    expect(visible(qualifiedStar)).not.toContain('math-service/add');
    const noCross = applyProfile(catalog, withProfiles({ p: { tools: { deny: ['calc*'] } } }), 'p');
    expect(visible(noCross)).toContain('calculator/add');
  });

  it('tools.allow exposes only matches; deny wins over allow', () => {
    const result = applyProfile(catalog, withProfiles({ p: { tools: { allow: ['file_*', 'calculator/*'], deny: ['file_write_*'] } } }), 'p');
    expect(visible(result)).toEqual(['calculator/add', 'calculator/multiply', 'files/file_read_file']);
    expect(hiddenReason(result, 'files/file_write_file')?.reason).toBe('tools.deny "file_write_*"');
    expect(hiddenReason(result, 'memory/memory_store')?.reason).toBe('not matched by tools.allow');
  });

  it('servers.disable hides every tool of a server; servers.enable keeps only those servers', () => {
    const disabled = applyProfile(catalog, withProfiles({ p: { servers: { disable: ['atlassian', 'memory'] } } }), 'p');
    expect(visible(disabled).some((name) => name.startsWith('atlassian/') || name.startsWith('memory/'))).toBe(false);
    expect(hiddenReason(disabled, 'memory/memory_store')?.reason).toBe('servers.disable lists "memory"');
    const enabled = applyProfile(catalog, withProfiles({ p: { servers: { enable: ['files'] } } }), 'p');
    expect(visible(enabled)).toEqual(['files/file_read_file', 'files/file_write_file']);
  });

  it('a namespace with enabled:false in the profile hides its servers', () => {
    const config = withProfiles({ p: { namespaces: { math: { enabled: false } } } }, { namespaces: { math: { servers: ['calculator', 'math-service'] } } });
    const result = applyProfile(catalog, config, 'p');
    expect(visible(result).some((name) => name.startsWith('calculator/') || name.startsWith('math-service/'))).toBe(false);
    expect(hiddenReason(result, 'calculator/add')?.reason).toBe('namespaces.math.enabled is false');
    // A namespace disabled in config is hidden without a profile and can be re-enabled by one.
    const base = withProfiles({ on: { namespaces: { math: { enabled: true } } } }, { namespaces: { math: { servers: ['calculator'], enabled: false } } });
    expect(visible(applyProfile(catalog, base, undefined))).not.toContain('calculator/add');
    expect(visible(applyProfile(catalog, base, 'on'))).toContain('calculator/add');
  });

  it('keeps the reason of tools already hidden by a client filter', () => {
    const filtered: Catalog = {
      ...catalog,
      tools: catalog.tools.map((tool) => (tool.name === 'sqrt' ? { ...tool, hidden: { by: 'client gemini-cli', reason: 'excludeTools' } } : tool)),
    };
    const result = applyProfile(filtered, withProfiles({ p: { tools: { deny: ['*'] } } }), 'p');
    expect(hiddenReason(result, 'math-service/sqrt')).toEqual({ by: 'client gemini-cli', reason: 'excludeTools' });
  });

  it('unknown profile → UNKNOWN_PROFILE listing the profiles', () => {
    const error = mcpnsErrorOf(() => applyProfile(catalog, withProfiles({ team: {}, single: {} }), 'nope'));
    expect(error.code).toBe('UNKNOWN_PROFILE');
    expect(error.hint).toBe('profiles: single, team');
  });

  it('a profile naming an unknown server or namespace → CONFIG_INVALID', () => {
    for (const profile of [{ servers: { disable: ['atlasian'] } }, { servers: { enable: ['atlasian'] } }, { priorities: { atlasian: 1 } }]) {
      const error = mcpnsErrorOf(() => applyProfile(catalog, withProfiles({ p: profile }), 'p'));
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.message).toContain('"atlasian"');
      expect(error.hint).toContain('known servers: atlassian');
    }
    expect(mcpnsErrorOf(() => applyProfile(catalog, withProfiles({ p: { namespaces: { nope: { enabled: false } } } }), 'p')).code).toBe('CONFIG_INVALID');
  });
});

describe('profilePriority', () => {
  const config = makeConfig(servers, {
    namespaces: { math: { servers: ['calculator', 'math-service'], priority: 10 }, files: { servers: ['files'], priority: 90 } },
    profiles: {
      router: { priorities: { calculator: 100, 'math-service': 50 } },
      team: { namespaces: { files: { priority: 5 } } },
    },
  });

  it('profile priorities > namespace priority > 0', () => {
    expect(profilePriority(config, 'router', 'calculator')).toBe(100);
    expect(profilePriority(config, 'router', 'math-service')).toBe(50);
    expect(profilePriority(config, 'router', 'files')).toBe(90);
    expect(profilePriority(config, 'team', 'files')).toBe(5);
    expect(profilePriority(config, undefined, 'calculator')).toBe(10);
    expect(profilePriority(config, undefined, 'memory')).toBe(0);
  });
});
