import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getTarget, type NamingInput } from '../../src/naming/index.js';

/**
 * Each table was produced by running the product's own naming code (or a transcription of it, see README.md) on the
 * same inputs. A row names the product's result for the row's server and tool, rendered next to a companion server
 * (`aux`/`ping`) unless `alone`; `refused` holds the product's error when it refuses the name.
 */
interface Row {
  id: string;
  server: string;
  tool: string;
  alone?: true;
  name?: string | null;
  refused?: string;
}
interface Table {
  preset: string;
  repository: string;
  commit: string;
  rows: Row[];
}

const COMPANION = { server: 'aux', tool: 'ping' };
const dir = fileURLToPath(new URL('./tables/', import.meta.url));
const tables: Table[] = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(dir + file, 'utf8')) as Table)
  .sort((a, b) => (a.preset < b.preset ? -1 : 1));

/** The categories issue 16 asks every table to cover. */
const REQUIRED = [
  'spaces',
  'dots',
  'dashes',
  'slashes',
  'dunder-inside',
  'dunder-edges',
  'upper-case',
  'non-ascii',
  'emoji',
  'empty-server',
  'long-tool',
  'long-server',
];

function inputOf(row: Row): NamingInput {
  const servers = row.alone ? [row.server] : [row.server, COMPANION.server];
  const tools = [{ server: row.server, tool: row.tool }, ...(row.alone ? [] : [COMPANION])];
  return { servers: servers.map((name) => ({ name })), tools };
}

describe('fidelity tables', () => {
  it('cover every open-source preset with at least 12 rows of the required kinds', () => {
    expect(tables.map((table) => table.preset)).toEqual([
      '1mcp',
      'agentgateway',
      'agentgateway-never',
      'cline',
      'contextforge',
      'continue',
      'docker-mcp-gateway',
      'docker-mcp-gateway-prefixed',
      'fastmcp',
      'gemini-cli',
      'gemini-cli-legacy',
      'langchain',
      'litellm',
      'mcp-agent',
      'metamcp',
      'openai-agents',
      'openai-agents-prefixed',
      'vscode',
    ]);
    for (const table of tables) {
      expect(table.rows.length, table.preset).toBeGreaterThanOrEqual(12);
      expect(table.rows.map((row) => row.id)).toEqual(expect.arrayContaining(REQUIRED));
      expect(table.commit, table.preset).toMatch(/^[0-9a-f]{40}$|^unknown$/);
    }
  });

  for (const table of tables) {
    describe(table.preset, () => {
      it.each(table.rows.map((row) => [row.id, row] as const))('%s renders as the product does', (_id, row) => {
        const [rendered] = getTarget(table.preset).render(inputOf(row)).names;
        if (row.refused !== undefined) {
          expect(rendered?.refused, `product refuses: ${row.refused}`).toBeDefined();
          expect(rendered?.dropped).toBeDefined();
        } else if (row.name === null) {
          expect(rendered?.refused).toBeUndefined();
          expect(rendered?.dropped).toBeDefined();
        } else {
          expect(rendered?.refused).toBeUndefined();
          expect(rendered?.name).toBe(row.name);
        }
      });
    });
  }
});
