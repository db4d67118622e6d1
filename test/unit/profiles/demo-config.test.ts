import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { applyProfile, profilePriority } from '../../../src/profiles/profile.js';
import { lint, makeCatalog } from '../checks/lint/make-catalog.js';

// The demo servers' tools (fixtures/servers/*.js), in memory: no process is started.
const demo = makeCatalog({
  atlassian: ['atlassian_create_page', 'atlassian_get_issue', 'search', 'search_confluence'],
  calculator: ['add', 'multiply', 'subtract'],
  files: ['file_list_directory', 'file_read_file', 'file_write_file'],
  'math-service': ['add', 'integrate'],
  memory: ['memory_get_session_context', 'memory_search_memory', 'memory_store_conversation'],
  weather: ['getCurrentWeather', 'search'],
});
const root = resolve(import.meta.dirname, '../../..');
const config = loadConfig({ configFiles: [resolve(root, 'mcpns.config.json')], cwd: root, env: {}, home: '/nonexistent' });
const visible = (profile: string | undefined) =>
  applyProfile(demo, config, profile)
    .tools.filter((tool) => !tool.hidden)
    .map((tool) => `${tool.server}/${tool.name}`);

describe('demo config (mcpns.config.json)', () => {
  it('loads without namespace warnings', () => {
    expect(config.diagnostics.filter((d) => d.code === 'NAMESPACE_UNKNOWN_SERVER')).toEqual([]);
  });

  it('single hides every atlassian tool and nothing else', () => {
    const single = visible('single');
    expect(single.filter((name) => name.startsWith('atlassian/'))).toEqual([]);
    expect(single).toHaveLength(demo.tools.length - 4);
  });

  it('team and router expose everything; router resolves add to calculator', () => {
    expect(visible('team')).toHaveLength(demo.tools.length);
    expect(visible('router')).toHaveLength(demo.tools.length);
    expect(profilePriority(config, 'router', 'calculator')).toBeGreaterThan(profilePriority(config, 'router', 'math-service'));
  });

  it('lint finds the atlassian prefix/pattern violations only', () => {
    const findings = lint(demo, config, config.naming.targets ?? ['slash'])
      .map((f) => `${f.code} ${f.server}/${f.tool}`)
      .sort();
    expect(findings).toEqual([
      'PATTERN_MISMATCH atlassian/search',
      'PATTERN_MISMATCH atlassian/search_confluence',
      'PREFIX_MISMATCH atlassian/search',
      'PREFIX_MISMATCH atlassian/search_confluence',
    ]);
  });
});
