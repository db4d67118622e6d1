/** The config `mcpns init` writes is meant to be committed: no path in it may hold only on this machine (issue 25 §4.10). */
import { describe, expect, it } from 'vitest';
import { initialConfig, INSTALLED_SCHEMA } from '../../../src/config/init.js';

const project = '/home/dev/app';
const target = `${project}/mcpns.config.json`;
const detected = [{ file: `${project}/.mcp.json`, client: 'claude-code' as const }];

describe('mcpns init: $schema', () => {
  it('mcpns from a checkout or a global install elsewhere: no absolute $schema; a note says how to add it', () => {
    const { config, schemaNote } = initialConfig(target, detected, '/opt/mcpns-checkout/schema/mcpns.config.schema.json');
    expect(config.$schema).toBeUndefined();
    expect(JSON.stringify(config)).not.toContain('/opt/mcpns-checkout');
    expect(schemaNote).toContain(`"$schema": "./${INSTALLED_SCHEMA}"`);
    expect(config).toEqual({ include: ['.mcp.json'], naming: { targets: ['slash', 'claude-code'] } });
  });

  it('the same mcpns, with mcpns installed in the project too: the installed schema, relative to the file', () => {
    const { config, schemaNote } = initialConfig(target, detected, '/opt/mcpns-checkout/schema/mcpns.config.schema.json', `${project}/${INSTALLED_SCHEMA}`);
    expect(config.$schema).toBe(`./${INSTALLED_SCHEMA}`);
    expect(schemaNote).toBeUndefined();
  });

  it('mcpns installed in the project (npx mcpns init there): relative to the file', () => {
    expect(initialConfig(target, [], `${project}/${INSTALLED_SCHEMA}`).config.$schema).toBe(`./${INSTALLED_SCHEMA}`);
    expect(initialConfig(`${project}/sub/mcpns.config.json`, [], `${project}/${INSTALLED_SCHEMA}`).config.$schema).toBeUndefined();
  });
});
