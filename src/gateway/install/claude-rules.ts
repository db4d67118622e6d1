/**
 * Claude Code's permission rules (`permissions.allow` / `deny` / `ask`) that named a served server's tools, renamed to
 * the names Claude Code shows for them through the gateway: `mcp__github__create_issue` →
 * `mcp__mcpns__github__create_issue`. The names come from the gateway's own naming (`exposeNames` with `--for
 * claude-code`), never re-derived here; a rule naming a whole server (`mcp__github`, `mcp__github__*`) becomes a
 * pattern over the gateway's names of that server (Claude Code matches "*" over the whole name).
 */
import { claudeNormalize, claudeServerPart } from '../../config/clients/claude-names.js';
import { exposeNames } from '../names.js';

/** Stands for "*" while a pattern's tool part is named (valid in every style and in Claude Code's names). */
const STAR = 'ZqStarQz';

export interface RuleNaming {
  style: string;
  key: string;
}

/**
 * The rules renamed (same order, same length): a rule that names none of `servers` (or names one in a way the
 * gateway's naming cannot carry over) is returned unchanged.
 */
export function rewriteClaudeRules(rules: readonly string[], servers: readonly string[], naming: RuleNaming): string[] {
  const parsed = rules.map((rule) => parseRule(rule, servers));
  const pairs = parsed.flatMap((rule) => (rule && !rule.tool.includes('*') ? [{ server: rule.server, tool: rule.tool }] : []));
  const finals = new Map<string, string>();
  if (pairs.length) {
    const exposed = exposeNames(servers, pairs, { style: naming.style, for: 'claude-code', key: naming.key });
    pairs.forEach((pair, index) => finals.set(`${pair.server}\0${pair.tool}`, exposed.finals[index]!));
  }
  return rules.map((rule, index) => {
    const target = parsed[index];
    if (!target) return rule;
    if (!target.tool.includes('*')) return finals.get(`${target.server}\0${target.tool}`)! + target.content;
    const marked = target.tool.replaceAll('*', STAR);
    const final = exposeNames(servers, [{ server: target.server, tool: marked }], { style: naming.style, for: 'claude-code', key: naming.key }).finals[0]!;
    // A name the gateway had to shorten lost the marker: such a pattern cannot be carried over.
    return final.includes(STAR) ? final.replaceAll(STAR, '*') + target.content : rule;
  });
}

/** The served server a rule names (the longest server part that fits), its tool part ("*" for all) and any `(content)`. */
function parseRule(rule: string, servers: readonly string[]): { server: string; tool: string; content: string } | undefined {
  const open = rule.indexOf('(');
  const name = open >= 0 && rule.endsWith(')') ? rule.slice(0, open) : rule;
  const content = rule.slice(name.length);
  let best: { server: string; tool: string } | undefined;
  for (const server of servers) {
    const part = `mcp__${claudeServerPart(server)}`;
    let tool: string | undefined;
    if (name === part) tool = '*';
    else if (name.startsWith(`${part}__`) && name.length > part.length + 2) tool = name.slice(part.length + 2);
    if (tool === undefined || (best && claudeServerPart(best.server).length >= claudeServerPart(server).length)) continue;
    best = { server, tool };
  }
  // Claude Code matches rules on N(tool); a rule's tool part is already in that form.
  return best ? { ...best, tool: best.tool === '*' ? '*' : best.tool.includes('*') ? best.tool : claudeNormalize(best.tool), content } : undefined;
}
