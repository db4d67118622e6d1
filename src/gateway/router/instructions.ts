/**
 * The router's tool names and what a client is told at initialize in router mode. Free of imports: the entry point
 * loads it before the rest of mcpns to answer the first `initialize` early (src/gateway/early-initialize.ts).
 */
/** The router's own tools, named as FastMCP's search transform and mcp-toolsearch-proxy name them. */
export const SEARCH_TOOL = 'search_tools';
export const CALL_TOOL = 'call_tool';
export const DESCRIBE_TOOL = 'describe_tool';

/** Longest share of the servers' own instructions kept after the router's (the gateway already bounds each server's). */
const MAX_UPSTREAM_INSTRUCTIONS = 16_000;

/**
 * The instructions a client gets at initialize in router mode: that most tools are not listed and search_tools finds
 * them, before the servers' own instructions (which speak of tools the model will not see listed).
 */
export function routerInstructions(upstream: string | undefined): string {
  const own =
    `Most tools behind this gateway are not listed. For a task, call ${SEARCH_TOOL} first with the task in a sentence; ` +
    `it returns the best matching tools with their input schemas. Then call the tool it found by its name, or through ` +
    `${CALL_TOOL} where your client only calls listed tools; ${DESCRIBE_TOOL} gives one tool's full definition. ` +
    `Tools listed directly can be called directly.`;
  return upstream ? `${own}\n\n# Instructions from the servers\n\n${upstream.slice(0, MAX_UPSTREAM_INSTRUCTIONS)}` : own;
}
