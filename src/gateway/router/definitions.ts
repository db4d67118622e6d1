import { DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_CHARS } from '../../search/index.js';
import type { JsonObject } from './host.js';
import { CALL_TOOL, DESCRIBE_TOOL, SEARCH_TOOL } from './instructions.js';

/**
 * The router's own tools. Names as FastMCP's search transform and mcp-toolsearch-proxy spell them (search_tools,
 * call_tool, describe_tool), the shapes LiteLLM and Anthropic's tool search use: a query in, full definitions out.
 */
export const ROUTER_TOOL_NAMES = [SEARCH_TOOL, CALL_TOOL, DESCRIBE_TOOL] as const;

/** Servers named in the search tool's description (the rest are counted). */
const MAX_NAMED_SERVERS = 24;

/**
 * The three definitions. The search tool's description says what is behind the gateway (servers and how many tools
 * each has), so a model knows a search is worth making before it makes one.
 */
export function routerDefinitions(perServer: ReadonlyMap<string, number | undefined>): JsonObject[] {
  const counts = [...perServer.values()];
  const total = counts.every((count) => count !== undefined) ? counts.reduce((sum: number, count) => sum + count!, 0) : undefined;
  const servers = [...perServer.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const named = servers.slice(0, MAX_NAMED_SERVERS).map(([server, count]) => (count === undefined ? server : `${server} (${count})`));
  if (servers.length > MAX_NAMED_SERVERS) named.push(`${servers.length - MAX_NAMED_SERVERS} more`);
  const behind = !servers.length ? '' : total === undefined ? ` Servers: ${named.join(', ')}.` : ` ${total} tools from: ${named.join(', ')}.`;
  return [
    {
      name: SEARCH_TOOL,
      title: 'Search tools',
      description:
        `Find the tools for a task among the tools behind this gateway, which are not all listed.${behind} ` +
        `Returns the best matches with their full input schemas: call one with ${CALL_TOOL}, or by its name where your client allows.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: `The task in a sentence, in your own words (at most ${MAX_QUERY_CHARS} characters).` },
          limit: { type: 'integer', description: `How many tools to return (1–${MAX_LIMIT}, default ${DEFAULT_LIMIT}).` },
        },
        required: ['query'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: CALL_TOOL,
      title: 'Call a tool',
      description: `Call a tool ${SEARCH_TOOL} found, by its name, with arguments that match its input schema.`,
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: `The tool's name as ${SEARCH_TOOL} returned it.` },
          arguments: { type: 'object', description: "The tool's arguments." },
        },
        required: ['name'],
      },
    },
    {
      name: DESCRIBE_TOOL,
      title: 'Describe a tool',
      description: `The full definition of a tool by its name (input schema, output schema, annotations).`,
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', description: 'The tool name.' } },
        required: ['name'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
  ];
}
