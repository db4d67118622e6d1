import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/config/load-core.js';
import { checkOwnConfigWithZod } from '../../../src/config/own-config-zod.js';
import { ConfigError } from '../../../src/errors.js';
import { makeTempDir } from '../../helpers/temp.js';

/** A folder with the given files (JSON values written as documents). */
function folder(files: Record<string, unknown>): string {
  const dir = makeTempDir();
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(value));
  return dir;
}

const read = (dir: string, file = 'mcpns.config.json') => readConfig({ configFiles: [join(dir, file)], cwd: dir, env: {}, home: dir });

describe('readConfig: the zod-free config reader says by its result when zod must decide (no exception)', () => {
  it('a valid config: the config itself', () => {
    const reading = read(folder({ 'mcpns.config.json': { servers: { calc: { command: 'node', args: ['calc.js'] } } } }));
    expect(reading.finish).toBeUndefined();
    expect(reading.config?.servers.map((server) => server.name)).toEqual(['calc']);
  });

  it('a config the precompiled validator rejects: no throw, a finish that words the problem with zod', () => {
    const dir = folder({ 'mcpns.config.json': { servers: { calc: { command: 5 } } } });
    let reading: ReturnType<typeof readConfig> | undefined;
    expect(() => (reading = read(dir))).not.toThrow();
    expect(reading!.config).toBeUndefined();
    expect(() => reading!.finish!(checkOwnConfigWithZod)).toThrow(ConfigError);
  });

  it('the answer travels up through include: a rejected included file asks for zod too', () => {
    const dir = folder({
      'mcpns.config.json': { include: ['more.mcpns.json'], servers: { calc: { command: 'node' } } },
      'more.mcpns.json': { servers: { bad: { command: 'node', timeoutMs: 'soon' } } },
    });
    const reading = read(dir);
    expect(reading.config).toBeUndefined();
    expect(() => reading.finish!(checkOwnConfigWithZod)).toThrow(/more\.mcpns\.json: servers\.bad/);
  });
});
