import { describe, expect, it } from 'vitest';
import { namespaceDiagnostics } from '../../../src/config/namespace-diagnostics.js';
import { namespacesByServer } from '../../../src/profiles/namespaces.js';
import { makeConfig } from '../checks/lint/make-catalog.js';
import { makeTempDir } from '../../helpers/temp.js';

describe('namespaces', () => {
  const config = makeConfig(['files', 'calculator'], {
    namespaces: { math: { servers: ['calculator', 'math-servce'] }, files: { servers: ['files'] } },
  });

  it('a namespace naming an unknown server is a warning diagnostic', () => {
    const diagnostics = namespaceDiagnostics(config);
    expect(diagnostics.map((d) => [d.level, d.code, d.pointer])).toEqual([['warning', 'NAMESPACE_UNKNOWN_SERVER', '/namespaces/math/servers']]);
    expect(diagnostics[0]?.message).toContain('"math-servce"');
  });

  it('indexes namespaces by server', () => {
    expect([...namespacesByServer(config).entries()].map(([server, list]) => [server, list.map((ns) => ns.name)])).toEqual([
      ['files', ['files']],
      ['calculator', ['math']],
      ['math-servce', ['math']],
    ]);
  });
});

describe('namespace config validation at load', () => {
  const load = async (config: unknown) => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { loadConfig } = await import('../../../src/config/load.js');
    const dir = makeTempDir('mcpns-ns-');
    writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify(config));
    return loadConfig({ configFiles: [join(dir, 'mcpns.config.json')], cwd: dir, env: {}, home: dir });
  };

  it('an invalid regex → CONFIG_INVALID naming the namespace', async () => {
    await expect(load({ servers: {}, namespaces: { files: { servers: [], pattern: '^file_[a-z' } } })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('namespaces.files.pattern'),
    });
  });

  it('an unknown server in a namespace is a warning, not an error', async () => {
    const config = await load({ servers: { a: { command: 'node' } }, namespaces: { n: { servers: ['a', 'b'] } } });
    expect(config.diagnostics.map((d) => d.code)).toEqual(['NAMESPACE_UNKNOWN_SERVER']);
  });
});
