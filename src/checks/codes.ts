import type { Finding, Severity } from './types.js';

/**
 * The single source of truth for finding codes: default severity, family, a one-line title,
 * and the wording (message + hint). Codes are never renamed, only deprecated.
 * docs/rules.md documents every code here (a test compares the two).
 */
export interface CodeInfo {
  severity: Severity;
  family: 'conflicts' | 'naming' | 'definitions' | 'drift' | 'discovery';
  title: string;
  message(finding: Finding): string;
  hint?(finding: Finding): string | undefined;
}

const arg = (finding: Finding, key: string): string => {
  const value = finding.args?.[key];
  return value === undefined || value === null ? '' : String(value);
};
const pair = (finding: Finding): string =>
  finding.server !== undefined && finding.tool !== undefined ? `${finding.server}/${finding.tool}` : (finding.name ?? '');
const memberList = (finding: Finding): string =>
  (finding.members ?? []).map((member) => `${member.server}/${member.tool}`).join(', ');

export const CODES = {
  // ── collisions ──────────────────────────────────────────────────────────
  SHADOWED_TOOL: {
    severity: 'info',
    family: 'conflicts',
    title: 'The same tool name is offered by several servers',
    message: (f) => `tool "${f.name}" is offered by ${f.members?.length ?? 0} servers: ${memberList(f)}`,
    hint: (f) =>
      f.target && f.severity !== 'info'
        ? `"${f.target}" does not prefix names: use a prefixed target, or deny all but one in a profile`
        : 'namespacing keeps them apart; call them by their qualified names',
  },
  NAME_COLLISION: {
    severity: 'error',
    family: 'conflicts',
    title: 'Several tools get the same name under a naming target',
    message: (f) => `${f.members?.length ?? 0} tools are named "${f.name}" under ${f.target}: ${memberList(f)}`,
    hint: (f) => (f.args?.['hint'] as string | undefined) ?? `rename one server key or deny all but one of these tools in a profile`,
  },
  DUPLICATE_IN_SERVER: {
    severity: 'error',
    family: 'conflicts',
    title: 'A server lists the same tool name more than once',
    message: (f) => `server "${f.server}" lists tool "${f.tool}" ${arg(f, 'count') || 'more than once'} times`,
    hint: () => 'fix the server: tool names must be unique within a server (MCP spec)',
  },
  AMBIGUOUS_ROUTE: {
    severity: 'error',
    family: 'conflicts',
    title: 'A rendered name routes back to a different (server, tool) pair',
    message: (f) =>
      `"${f.name}" (${pair(f)}) under ${f.target} parses back as ${arg(f, 'parsedAs') || 'a different pair'}`,
    hint: (f) => (f.args?.['hint'] as string | undefined) ?? `rename server "${f.server}" so it contains no separator`,
  },
  NEAR_COLLISION: {
    severity: 'warning',
    family: 'conflicts',
    title: 'Names that differ only by case, separators or look-alike characters',
    message: (f) => `${memberList(f)} differ only by ${arg(f, 'fold') || 'case or separators'} under ${f.target}`,
    hint: () => 'models and some clients fold these together; rename one of them',
  },
  TOO_MANY_TOOLS: {
    severity: 'warning',
    family: 'conflicts',
    title: "More tools than a target's limit",
    message: (f) => `${arg(f, 'count')} tools exceed the limit of ${arg(f, 'limit')} for ${f.target}`,
    hint: () => 'use a profile to expose fewer tools',
  },
  SERVER_UNREACHABLE: {
    severity: 'error',
    family: 'discovery',
    title: 'A configured server could not be discovered',
    message: (f) => `server "${f.server}" could not be discovered (${arg(f, 'errorCode')}): ${arg(f, 'errorMessage')}`,
    hint: () => 'run `mcpns list --server <name> --verbose` to see its stderr',
  },
  // ── naming ──────────────────────────────────────────────────────────────
  NAME_INVALID_CHARS: {
    severity: 'error',
    family: 'naming',
    title: "A rendered name breaks the target's character rule",
    message: (f) => `"${f.name}" (${pair(f)}) has characters ${f.target} rejects: ${arg(f, 'chars')}`,
    hint: () => 'rename the tool or server, or use a target that sanitizes names',
  },
  NAME_TOO_LONG: {
    severity: 'error',
    family: 'naming',
    title: "A rendered name is longer than the target allows",
    message: (f) => `"${f.name}" (${pair(f)}) is ${arg(f, 'length')} characters; ${f.target} allows ${arg(f, 'limit')}`,
    hint: () => 'shorten the server key (it is part of every name) or the tool name',
  },
  TOOL_NAME_SPEC: {
    severity: 'warning',
    family: 'naming',
    title: 'A tool name outside the MCP specification guidance',
    message: (f) => `tool name "${f.tool}" on "${f.server}": ${arg(f, 'problem')}`,
    hint: () => 'MCP 2025-11-25: 1–128 characters of A-Z a-z 0-9 _ - .',
  },
  SERVER_NAME_INVALID: {
    severity: 'warning',
    family: 'naming',
    title: 'A server name that makes qualified names ambiguous',
    message: (f) => `server name "${f.server}": ${arg(f, 'problem')}`,
    hint: () => 'use letters, digits and "-" only in server keys',
  },
  PREFIX_MISMATCH: {
    severity: 'error',
    family: 'naming',
    title: "A tool name without its namespace's prefix",
    message: (f) => `"${pair(f)}" does not start with "${arg(f, 'prefix')}" (namespace ${arg(f, 'namespace')})`,
  },
  PATTERN_MISMATCH: {
    severity: 'error',
    family: 'naming',
    title: "A tool name that does not match its namespace's pattern",
    message: (f) => `"${pair(f)}" does not match ${arg(f, 'pattern')} (namespace ${arg(f, 'namespace')})`,
  },
  CASE_STYLE: {
    severity: 'warning',
    family: 'naming',
    title: "A tool name in another case style than its namespace's",
    message: (f) => `"${pair(f)}" is not ${arg(f, 'case')} case (namespace ${arg(f, 'namespace')})`,
  },
  // ── definitions ─────────────────────────────────────────────────────────
  MISSING_DESCRIPTION: {
    severity: 'warning',
    family: 'definitions',
    title: 'A tool without a description',
    message: (f) => `"${pair(f)}" has no description; models choose tools by their descriptions`,
  },
  INPUT_SCHEMA_INVALID: {
    severity: 'error',
    family: 'definitions',
    title: 'A tool whose input schema is not a valid object schema',
    message: (f) => `"${pair(f)}" input schema: ${arg(f, 'problem')}`,
  },
  MALFORMED_TOOL: {
    severity: 'error',
    family: 'definitions',
    title: 'A tools/list entry that fails the MCP Tool schema',
    message: (f) => `server "${f.server}" returned a malformed tool ${f.tool ? `"${f.tool}"` : `#${arg(f, 'index')}`}: ${arg(f, 'problems')}`,
    hint: () => 'clients using a strict SDK drop the whole tools/list page; fix the server',
  },
  CONTROL_CHARACTERS: {
    severity: 'error',
    family: 'definitions',
    title: 'Escape sequences, bidi overrides or zero-width characters in a name or description',
    message: (f) => `"${pair(f)}" ${arg(f, 'field')} contains ${arg(f, 'kind')}`,
    hint: () => 'such characters can hide instructions from a human reviewer',
  },
  CROSS_SERVER_REFERENCE: {
    severity: 'warning',
    family: 'definitions',
    title: "A description that names another server's tools (tool shadowing)",
    message: (f) => `description of "${pair(f)}" mentions ${arg(f, 'mentions')}`,
    hint: () => 'a tool should describe itself, not steer the model towards or away from other servers',
  },
  // ── drift ───────────────────────────────────────────────────────────────
  SERVER_ADDED: { severity: 'info', family: 'drift', title: 'A server appeared', message: (f) => `server "${f.server}" was added` },
  SERVER_REMOVED: { severity: 'error', family: 'drift', title: 'A server disappeared', message: (f) => `server "${f.server}" was removed` },
  TOOL_ADDED: { severity: 'info', family: 'drift', title: 'A tool appeared', message: (f) => `tool "${pair(f)}" was added` },
  TOOL_REMOVED: {
    severity: 'error',
    family: 'drift',
    title: 'A tool disappeared',
    message: (f) => `tool "${pair(f)}" was removed${arg(f, 'renamedTo') ? ` (renamed to "${arg(f, 'renamedTo')}"?)` : ''}`,
  },
  DESCRIPTION_CHANGED: {
    severity: 'warning',
    family: 'drift',
    title: "A tool's description changed (possible rug pull)",
    message: (f) => `description of "${pair(f)}" changed: ${arg(f, 'diff')}`,
  },
  SCHEMA_BREAKING: {
    severity: 'error',
    family: 'drift',
    title: "A tool's input schema changed incompatibly",
    message: (f) => `input schema of "${pair(f)}" changed incompatibly: ${arg(f, 'changes')}`,
  },
  SCHEMA_COMPATIBLE: {
    severity: 'info',
    family: 'drift',
    title: "A tool's input schema changed compatibly",
    message: (f) => `input schema of "${pair(f)}" changed compatibly: ${arg(f, 'changes')}`,
  },
  ANNOTATIONS_CHANGED: {
    severity: 'warning',
    family: 'drift',
    title: "A tool's annotations changed",
    message: (f) => `annotations of "${pair(f)}" changed: ${arg(f, 'changes')}`,
  },
} as const satisfies Record<string, CodeInfo>;

export type Code = keyof typeof CODES;

export const ALL_CODES = Object.keys(CODES).sort() as Code[];

export function isCode(code: string): code is Code {
  return Object.prototype.hasOwnProperty.call(CODES, code);
}

export function codeInfo(code: string): CodeInfo | undefined {
  return isCode(code) ? CODES[code] : undefined;
}

/** The sentence for a finding (one place for wording). */
export function describeFinding(finding: Finding): { message: string; hint?: string } {
  const info = codeInfo(finding.code);
  if (!info) return { message: finding.code };
  const hint = info.hint?.(finding);
  return hint ? { message: info.message(finding), hint } : { message: info.message(finding) };
}
