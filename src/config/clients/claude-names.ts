/**
 * Claude Code's name for an MCP tool and its `permissions.deny` rules over those names. In the config layer because
 * which tools Claude Code offers its model depends on them as much as the `claude-code` naming preset does.
 */

/** N(x): each UTF-16 unit outside [A-Za-z0-9_-] → "_". */
export const claudeNormalize = (value: string): string => value.replace(/[^a-zA-Z0-9_-]/g, '_');

/** The server part of a tool's name: connectors named "claude.ai …" also collapse "_" runs and trim "_". */
export function claudeServerPart(server: string): string {
  const normalized = claudeNormalize(server);
  return server.startsWith('claude.ai ') ? normalized.replace(/_+/g, '_').replace(/^_+|_+$/g, '') : normalized;
}

/** `mcp__{server part}__{N(tool)}`: the name Claude Code gives the tool, and the one its permission rules match. */
export const claudeToolName = (server: string, tool: string): string => `mcp__${claudeServerPart(server)}__${claudeNormalize(tool)}`;

/** A rule with content (`Tool(content)`) limits calls with that content; it never takes the tool away. */
export const claudeRuleHasContent = (rule: string): boolean => rule.endsWith(')') && rule.includes('(');

/**
 * Whether a content-less `permissions.deny` rule takes this tool away from the model, as Claude Code 2.1.332 does
 * (observed: test/clients, scenarios permission-deny*): the tool's own name; `mcp__<server part>`; `mcp__<x>` where x is
 * what precedes the first "__" of the name after `mcp__` (so `mcp__data` also covers a server named "data__lake"); and
 * any rule with "*", as a pattern over the whole name in which "*" stands for any run of characters ("mcp__*",
 * "mcp__github__*", "mcp__gl__get_*"). Letter case counts.
 */
export function claudeDenies(rule: string, server: string, tool: string): boolean {
  const name = claudeToolName(server, tool);
  if (rule === name || rule === `mcp__${claudeServerPart(server)}`) return true;
  if (rule.includes('*')) return wildcardMatch(rule, name);
  const parsed = name.split('__')[1];
  return parsed !== undefined && parsed !== '' && rule === `mcp__${parsed}`;
}

/**
 * Whether the rule takes away every tool of the server, whatever it lists: the server is started and offers nothing.
 * Decided as Claude Code decides it for its own notices: with two made-up tool names.
 */
export const claudeDeniesServer = (rule: string, server: string): boolean =>
  claudeDenies(rule, server, 'probe_tool_one') && claudeDenies(rule, server, 'probe_tool_two');

/** `pattern` with "*" for any run of characters (nothing else special) matches all of `text`; linear in practice. */
function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
