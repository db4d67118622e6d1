/**
 * Gemini CLI's name for an MCP tool (≥ 0.33, `generateValidName` in packages/core/src/tools/mcp-tool.ts): `mcp_`
 * added unless already there, each UTF-16 unit outside [a-zA-Z0-9_.:-] → "_", a leading "_" when the first character
 * is not a letter or "_", and names over 63 cut to their first 30 and last 30 units around "...". In the config layer
 * because Gemini CLI's approval rules depend on it as much as the `gemini-cli` naming preset does.
 */
export function geminiValidName(value: string): string {
  return geminiCut(geminiUncutName(value));
}

/** Gemini CLI's cut of a name over 63: its first and last 30 units around "...". */
export const geminiCut = (name: string): string => (name.length > 63 ? `${name.slice(0, 30)}...${name.slice(name.length - 30)}` : name);

/** `geminiValidName` before its cut at 63. */
export function geminiUncutName(value: string): string {
  const name = (value.startsWith('mcp_') ? value : `mcp_${value}`).replace(/[^a-zA-Z0-9_\-.:]/g, '_');
  return /^[a-zA-Z_]/.test(name) ? name : `_${name}`;
}

/** The tool's name as Gemini CLI registers it: `G(server + "_" + tool)`. */
export const geminiToolName = (server: string, tool: string): string => geminiValidName(`${server}_${tool}`);

/**
 * The pattern Gemini CLI's trust, `mcp.allowed` and headless auto-allow rules give a server (`mcp_<server>_*`) covers
 * a tool only when the tool's registered name starts with `mcp_<server>_`: not when sanitizing changed the server
 * part, when the server's own name starts the name (`mcp`, `mcp_…`: not prefixed again), nor when shortening cut it.
 */
export const geminiRuleCovers = (server: string, tool: string): boolean => geminiToolName(server, tool).startsWith(`mcp_${server}_`);
