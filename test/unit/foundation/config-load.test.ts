import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mcpnsErrorOf } from '../../helpers/assertions.js';
import { findOwnConfig, loadConfig } from '../../../src/config/load.js';
import { readConfig } from '../../../src/config/load-core.js';
import { projectFolders } from '../../../src/config/locate.js';
import { findProjectFiles } from '../../../src/config/clients/project-files.js';
import { configJsonSchema } from '../../../src/config/json-schema.js';
import { readFileSync } from 'node:fs';
import { makeTempDir } from '../../helpers/temp.js';

function tempDir(): string {
  return makeTempDir('mcpns-config-');
}

function load(dir: string, text: string, env: Record<string, string> = {}) {
  writeFileSync(join(dir, 'mcpns.config.json'), text);
  return loadConfig({ cwd: dir, env, home: dir });
}

describe('loading mcpns.config.json', () => {
  it('normalizes stdio, http and sse servers with sources and lines', () => {
    const dir = tempDir();
    const config = load(
      dir,
      JSON.stringify(
        {
          servers: {
            calc: { command: 'node', args: ['calc.js'], cwd: 'sub' },
            remote: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer x' } },
            legacy: { type: 'sse', url: 'http://127.0.0.1:2/sse', enabled: false },
          },
        },
        null,
        2,
      ),
    );
    expect(config.servers.map((server) => [server.name, server.transport, server.enabled])).toEqual([
      ['calc', 'stdio', true],
      ['remote', 'http', true],
      ['legacy', 'sse', false],
    ]);
    const calc = config.servers[0]!;
    expect(calc.cwd).toBe(join(dir, 'sub'));
    expect(calc.source).toMatchObject({ client: 'mcpns', file: 'mcpns.config.json', pointer: '/servers/calc', line: 3 });
    expect(config.servers[2]!.disabledReason).toContain('enabled');
  });

  it('takes a URL alone as Streamable HTTP with the SSE fallback, as Cursor and VS Code do (zod and the precompiled validator agree)', () => {
    const dir = tempDir();
    const text = JSON.stringify({ servers: { x: { url: 'http://127.0.0.1:1/mcp' }, pinned: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } });
    const config = load(dir, text);
    expect(config.servers.map((server) => [server.name, server.transport, server.sseFallback ?? false])).toEqual([
      ['x', 'http', true],
      ['pinned', 'http', false],
    ]);
    const fast = readConfig({ configFiles: [join(dir, 'mcpns.config.json')], cwd: dir, env: {}, home: dir });
    expect(fast.config?.servers.map((server) => [server.name, server.transport, server.sseFallback ?? false])).toEqual([
      ['x', 'http', true],
      ['pinned', 'http', false],
    ]);
  });

  it('still refuses an entry with neither command nor url', () => {
    const error = mcpnsErrorOf(() => load(tempDir(), JSON.stringify({ servers: { x: { args: ['a'] } } })));
    expect(error.message).toMatch(/servers\.x: a server needs "command" \(stdio\) or "url"/);
  });

  it('expands ${VAR} and ${VAR:-default}, keeping unset variables literally with a diagnostic', () => {
    const dir = tempDir();
    const config = load(
      dir,
      JSON.stringify({
        servers: {
          s: { command: '${TOOL_BIN:-node}', args: ['${SCRIPT}', '${MISSING_VAR}'], env: { TOKEN: '${TOKEN}' } },
        },
      }),
      { SCRIPT: 'server.js', TOKEN: 'secret-value' },
    );
    const server = config.servers[0]!;
    expect(server.command).toBe('node');
    expect(server.args).toEqual(['server.js', '${MISSING_VAR}']);
    expect(server.env).toEqual({ TOKEN: 'secret-value' });
    expect(server.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['UNRESOLVED_VARIABLE', '/servers/s/args/1']]);
  });

  it('reports a JSON syntax error with file, line and column', () => {
    const dir = tempDir();
    const error = mcpnsErrorOf(() => load(dir, '{\n  "servers": {\n    "a": { "command": "node", }\n  }\n}\n'));
    expect(error.code).toBe('CONFIG_PARSE');
    expect(error.location).toMatchObject({ file: 'mcpns.config.json', line: 3 });
    expect(error.message).toMatch(/^mcpns\.config\.json:3:\d+: JSON syntax error/);
  });

  it('reports a schema violation naming the field path and line', () => {
    const dir = tempDir();
    const error = mcpnsErrorOf(() => load(dir, '{\n  "servers": {\n    "a": { "command": "node", "bogus": 1 }\n  }\n}\n'));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('servers.a');
    expect(error.message).toContain('bogus');
    expect(error.location.line).toBe(3);
  });

  it('rejects unknown top-level keys (strict)', () => {
    const dir = tempDir();
    const error = mcpnsErrorOf(() => load(dir, '{ "servres": {} }'));
    expect(error.message).toContain('unknown key "servres"');
  });

  it('reads router.embeddings, and refuses one without a model or with a key in the file', () => {
    const dir = tempDir();
    const config = load(dir, JSON.stringify({ router: { embeddings: { url: 'http://127.0.0.1:11434', model: 'nomic-embed-text', timeoutMs: 5000 } } }));
    expect(config.routerEmbeddings).toEqual({ url: 'http://127.0.0.1:11434', model: 'nomic-embed-text', timeoutMs: 5000 });
    expect(mcpnsErrorOf(() => load(dir, JSON.stringify({ router: { embeddings: { url: 'http://x' } } }))).message).toContain('router.embeddings');
    const keyed = mcpnsErrorOf(() => load(dir, JSON.stringify({ router: { embeddings: { url: 'http://x', model: 'm', apiKey: 'sk' } } })));
    expect(keyed.message).toContain('unknown key "apiKey"');
  });

  it('rejects an invalid namespace regex naming the namespace', () => {
    const dir = tempDir();
    const error = mcpnsErrorOf(() => load(dir, JSON.stringify({ namespaces: { files: { servers: [], pattern: '([a-z' } } })));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('namespaces.files.pattern');
  });

  it('finds the config in a parent directory, stopping at the repository root', () => {
    const root = tempDir();
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    writeFileSync(join(root, 'mcpns.config.json'), '{}');
    expect(findOwnConfig(join(root, 'a', 'b'), '/nonexistent-home')).toBe(join(root, 'mcpns.config.json'));
    const outside = tempDir();
    mkdirSync(join(outside, '.git'));
    expect(findOwnConfig(outside, '/nonexistent-home')).toBeUndefined();
  });

  describe('without a repository (issue 25 §2.5: ../../../.mcp.json was run from a/b/c)', () => {
    it('outside the home folder only the current folder is searched', () => {
      const shared = tempDir();
      mkdirSync(join(shared, 'a', 'b', 'c'), { recursive: true });
      writeFileSync(join(shared, 'mcpns.config.json'), '{}');
      writeFileSync(join(shared, '.mcp.json'), '{"mcpServers":{}}');
      const cwd = join(shared, 'a', 'b', 'c');
      expect(projectFolders(cwd, '/nonexistent-home')).toEqual([cwd]);
      expect(findOwnConfig(cwd, '/nonexistent-home')).toBeUndefined();
      expect(findProjectFiles(cwd, '/nonexistent-home').found).toEqual([]);
      expect(findOwnConfig(shared, '/nonexistent-home')).toBe(join(shared, 'mcpns.config.json'));
    });

    it('inside the home folder the walk stops below it; run in the home folder, only its own mcpns.config.json', () => {
      const home = tempDir();
      const project = join(home, 'work');
      mkdirSync(join(project, 'a'), { recursive: true });
      writeFileSync(join(home, 'mcpns.config.json'), '{}');
      expect(projectFolders(join(project, 'a'), home)).toEqual([join(project, 'a'), project]);
      expect(findOwnConfig(join(project, 'a'), home)).toBeUndefined();
      writeFileSync(join(project, 'mcpns.config.json'), '{}');
      expect(findOwnConfig(join(project, 'a'), home)).toBe(join(project, 'mcpns.config.json'));
      expect(findOwnConfig(home, home)).toBe(join(home, 'mcpns.config.json'));
      expect(projectFolders(home, home)).toEqual([]);
    });
  });

  it('says where it looked when no config exists', () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.git'));
    const error = mcpnsErrorOf(() => loadConfig({ cwd: dir, env: {}, home: dir }));
    expect(error.code).toBe('CONFIG_NOT_FOUND');
    expect(error.hint).toContain('--config');
  });
});

describe('the same server name from two sources', () => {
  it('keeps both entries but discovers only the first, with a warning naming the other', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.mcpns.json'), JSON.stringify({ servers: { shared: { command: 'node', args: ['a.js'] } } }));
    writeFileSync(join(dir, 'b.mcpns.json'), JSON.stringify({ servers: { shared: { command: 'node', args: ['b.js'] } } }));
    const config = loadConfig({ cwd: dir, env: {}, home: dir, configFiles: ['a.mcpns.json', 'b.mcpns.json'] });
    expect(config.servers.map((server) => [server.args?.[0], server.enabled])).toEqual([
      ['a.js', true],
      ['b.js', false],
    ]);
    const skipped = config.servers[1]!;
    expect(skipped.disabledReason).toContain('a.mcpns.json');
    expect(skipped.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['DUPLICATE_SERVER_NAME']);
  });
});

describe('shipped JSON Schema', () => {
  it('is exactly what the zod schema generates (run `npm run schema` after changing the schema)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../../schema/mcpns.config.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(configJsonSchema());
  });
});
