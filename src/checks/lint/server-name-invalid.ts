import { CODES } from '../codes.js';
import { defineCheck, type Finding } from '../types.js';
import { codePointLabel, hiddenServers } from './shared.js';

/**
 * SERVER_NAME_INVALID — the server key is part of every qualified name. When it contains the
 * separator a target joins server and tool with, the name cannot be split back (MEW `_`,
 * mentra/stella `__`, agentgateway `_`, litellm `-`), or sanitizing merges it with another
 * server. Target-independent problems (empty, whitespace, non-ASCII, `/`, other punctuation)
 * are always reported; separator problems only for the targets being checked.
 */
interface SeparatorRule {
  separator: string;
  /** True when `server` is ambiguous under this separator. */
  breaks(server: string): boolean;
}

const contains = (separator: string): SeparatorRule => ({ separator, breaks: (server) => server.includes(separator) });
/** `a_` + `__` + `tool` = `a___tool`: a trailing `_` is as bad as `__` inside. */
const doubleUnderscore: SeparatorRule = { separator: '__', breaks: (server) => server.includes('__') || server.endsWith('_') };

/** Target id → the separator it joins (and splits) server and tool with. naming-presets.md §1, §7.4. */
export const TARGET_SEPARATORS: Readonly<Record<string, SeparatorRule>> = {
  'double-underscore': doubleUnderscore,
  'claude-code': doubleUnderscore,
  codex: doubleUnderscore,
  metamcp: doubleUnderscore,
  cline: doubleUnderscore,
  'openai-agents-prefixed': doubleUnderscore,
  'docker-mcp-gateway-prefixed': doubleUnderscore,
  'gemini-cli-legacy': doubleUnderscore,
  // Provider targets export server__tool.
  openai: doubleUnderscore,
  anthropic: doubleUnderscore,
  gemini: doubleUnderscore,
  bedrock: doubleUnderscore,
  mistral: doubleUnderscore,
  underscore: contains('_'),
  'mew-openai': contains('_'),
  'gemini-cli': contains('_'),
  cursor: contains('_'),
  agentgateway: contains('_'),
  'mcp-agent': contains('_'),
  langchain: contains('_'),
  fastmcp: contains('_'),
  continue: contains('_'),
  litellm: contains('-'),
  contextforge: contains('-'),
  dot: contains('.'),
  '1mcp': contains('_1mcp_'),
};

export interface ServerNameProblem {
  problem: string;
  target?: string;
  hint?: string;
}

const SEPARATOR_HINTS: Record<string, string> = {
  __: 'remove "__" and any trailing "_" from the server key (e.g. use "-")',
  _: 'use "-" instead of "_" in the server key',
  '-': 'use letters and digits only in the server key (this target joins with "-")',
  '.': 'use "-" instead of "." in the server key',
};

/** Every problem with one server name under the given targets. */
export function serverNameProblems(server: string, targets: readonly string[]): ServerNameProblem[] {
  const problems: ServerNameProblem[] = [];
  if (server.length === 0) return [{ problem: 'is empty' }];
  if (/\s/u.test(server)) problems.push({ problem: 'contains whitespace, which most clients replace or reject' });
  const nonAscii = [...new Set([...server].filter((char) => char.charCodeAt(0) > 0x7e || char.charCodeAt(0) < 0x20))];
  if (nonAscii.length) {
    problems.push({
      problem: `contains non-ASCII or control characters (${nonAscii.map(codePointLabel).join(', ')}); presets sanitize or drop them, so names can merge`,
    });
  }
  if (server.includes('/')) {
    problems.push({ problem: 'contains "/": the canonical name server/tool is split on the first "/", so it routes to the wrong server', target: 'slash' });
  }
  const other = [...new Set([...server].filter((char) => /[\x21-\x7e]/.test(char) && !/[A-Za-z0-9_.\-/]/.test(char)))];
  if (other.length) {
    problems.push({ problem: `contains ${other.map((char) => `"${char}"`).join(', ')}, which clients replace with "_" (names can merge)` });
  }
  for (const target of [...new Set(targets)].sort()) {
    const rule = TARGET_SEPARATORS[target];
    if (!rule?.breaks(server)) continue;
    problems.push({
      problem: `${rule.separator === '__' && !server.includes('__') ? 'ends with "_"' : `contains "${rule.separator}"`}, and ${target} joins server and tool with "${rule.separator}": the name cannot be split back unambiguously`,
      target,
      hint: SEPARATOR_HINTS[rule.separator] ?? `remove "${rule.separator}" from the server key`,
    });
  }
  return problems;
}

export default defineCheck({
  codes: ['SERVER_NAME_INVALID'],
  family: 'lint',
  run({ catalog, targets }) {
    const hidden = hiddenServers(catalog);
    const findings: Finding[] = [];
    for (const server of catalog.servers) {
      if (hidden.has(server.name)) continue;
      for (const { problem, target, hint } of serverNameProblems(server.name, targets)) {
        findings.push({
          code: 'SERVER_NAME_INVALID',
          severity: CODES.SERVER_NAME_INVALID.severity,
          name: server.name,
          server: server.name,
          ...(target !== undefined ? { target } : {}),
          args: hint === undefined ? { problem } : { problem, hint },
        });
      }
    }
    return findings;
  },
});
