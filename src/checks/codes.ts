import type { Code } from './finding-args.js';
import type { Finding, FindingOf, Severity } from './types.js';

export type { Code } from './finding-args.js';

/**
 * The single source of truth for finding codes: default severity, family, a one-line title,
 * and the wording (message + hint). Codes are never renamed, only deprecated.
 * docs/rules.md documents every code here (a test compares the two).
 * Each code's wording receives that code's finding, so its arguments are typed (src/checks/finding-args.ts).
 */
export interface CodeInfo<C extends Code = Code> {
  severity: Severity;
  family: 'conflicts' | 'naming' | 'definitions' | 'drift' | 'discovery';
  title: string;
  message(finding: FindingOf<C>): string;
  hint?(finding: FindingOf<C>): string | undefined;
}

const pair = (finding: Finding): string =>
  finding.server !== undefined && finding.tool !== undefined ? `${finding.server}/${finding.tool}` : (finding.name ?? '');
const memberList = (finding: Finding): string => (finding.members ?? []).map((member) => `${member.server}/${member.tool}`).join(', ');
/** The hint a check computed for this very finding (names the actual server/tool), when it did. */
const argHint = (finding: Finding): string | undefined => {
  const hint = finding.args && 'hint' in finding.args ? finding.args.hint : undefined;
  return typeof hint === 'string' && hint ? hint : undefined;
};

/** Drift: which text a DESCRIPTION_CHANGED is about (tool description, parameter description, server instructions). */
const describedField = (finding: FindingOf<'DESCRIPTION_CHANGED'>): string => {
  const field = finding.args?.field || 'description';
  if (field === 'description') return `description of "${pair(finding)}"`;
  if (field === 'instructions') return `instructions of server "${finding.server}"`;
  const [schema, ...path] = field.split('.');
  const what = schema === 'outputSchema' ? 'output field' : 'parameter';
  const schemaLabel = schema === 'outputSchema' ? 'output schema' : 'input schema';
  return path.length ? `description of ${what} "${path.join('.')}" of "${pair(finding)}"` : `${schemaLabel} description of "${pair(finding)}"`;
};
const schemaName = (finding: FindingOf<'SCHEMA_BREAKING' | 'SCHEMA_COMPATIBLE'>): string =>
  finding.args?.schema === 'outputSchema' ? 'output schema' : 'input schema';

export const CODES = {
  // ── collisions ──────────────────────────────────────────────────────────
  SHADOWED_TOOL: {
    severity: 'info',
    family: 'conflicts',
    title: 'The same tool name is offered by several servers',
    message: (f) =>
      `tool "${f.name}" is offered by ${f.members?.length ?? 0} servers: ${memberList(f)}` +
      (f.args?.unprefixedTargets.length
        ? `; ${f.args.unprefixedTargets.join(', ')} expose${f.args.unprefixedTargets.length > 1 ? '' : 's'} the bare name, so they clash there`
        : ''),
    hint: (f) =>
      argHint(f) ??
      (f.target && f.severity !== 'info'
        ? `"${f.target}" does not prefix names: use a prefixed target, or deny all but one in a profile`
        : 'namespacing keeps them apart; call them by their qualified names'),
  },
  NAME_COLLISION: {
    severity: 'error',
    family: 'conflicts',
    title: 'Several tools get the same name under a naming target',
    message: (f) =>
      `${f.members?.length ?? 0} tools are named "${f.name}"${f.args?.onWire ? ' on the wire' : ''} under ${f.target}: ${memberList(f)}` +
      (f.args?.cause === 'mangled' ? ' (sanitizing, case or truncation made different names equal)' : '') +
      (f.args?.dropped?.length ? `; ${f.target} drops ${f.args.dropped.length} of them` : ''),
    hint: (f) => argHint(f) ?? `rename one server key or deny all but one of these tools in a profile`,
  },
  DUPLICATE_IN_SERVER: {
    severity: 'error',
    family: 'conflicts',
    title: 'A server lists the same tool name more than once',
    message: (f) => `server "${f.server}" lists tool "${f.tool}" ${f.args?.count ?? 'more than once'} times`,
    hint: (f) => argHint(f) ?? 'fix the server: tool names must be unique within a server (MCP spec)',
  },
  AMBIGUOUS_ROUTE: {
    severity: 'error',
    family: 'conflicts',
    title: 'A rendered name routes back to a different (server, tool) pair',
    message: (f) => `"${f.name}" (${pair(f)}) under ${f.target} parses back as ${f.args?.parsedAs || 'a different pair'}`,
    hint: (f) => argHint(f) ?? `rename server "${f.server}" so it contains no separator`,
  },
  NEAR_COLLISION: {
    severity: 'warning',
    family: 'conflicts',
    title: 'Names that differ only by case, separators or look-alike characters',
    message: (f) => {
      const names = f.args?.names ?? [];
      const quoted = names.map((name) => `"${name}"`).join(', ');
      // Under slash the names are the pairs; elsewhere show both so the user sees what the model sees.
      const subject = !names.length ? memberList(f) : names.join(', ') === memberList(f) ? quoted : `${quoted} (${memberList(f)})`;
      return `${subject} differ only by ${f.args?.fold || 'case or separators'} under ${f.target}`;
    },
    hint: (f) => argHint(f) ?? 'models and some clients fold these together; rename one of them',
  },
  NAME_REFUSED: {
    severity: 'error',
    family: 'conflicts',
    title: 'A client or gateway refuses a server or tool name',
    message: (f) =>
      (f.args?.subject === 'tool' ? `${f.target} refuses tool "${f.tool}" of server "${f.server}"` : `${f.target} refuses server "${f.server}"`) +
      `: ${f.args?.rule ?? 'the name is not accepted'}` +
      (f.args?.scope === 'config'
        ? `; ${f.target} then fails to load its whole config, so none of its servers are available`
        : f.args?.scope === 'list'
          ? `; ${f.target} then fails tools/list for every server`
          : `; ${f.target} leaves ${f.args?.subject === 'tool' ? 'that tool' : 'that server'} out`),
    hint: (f) => argHint(f) ?? (f.args?.subject === 'tool' ? 'rename the tool on its server' : `rename server "${f.server}" in your MCP config`),
  },
  TOO_MANY_TOOLS: {
    severity: 'warning',
    family: 'conflicts',
    title: "More tools than a target's limit",
    message: (f) => `${f.args?.count ?? 'more'} tools exceed the limit of ${f.args?.limit ?? '?'} for ${f.target}`,
    hint: (f) => argHint(f) ?? 'use a profile to expose fewer tools',
  },
  SERVER_UNREACHABLE: {
    severity: 'error',
    family: 'discovery',
    title: 'A configured server could not be discovered',
    message: (f) => `server "${f.server}" could not be discovered (${f.args?.errorCode ?? 'ERROR'}): ${f.args?.errorMessage ?? 'unknown error'}`,
    hint: (f) => argHint(f) ?? `run \`mcpns list --server ${f.server ?? f.name ?? ''} --verbose\` to see its stderr`,
  },
  CONFIG_REJECTED: {
    severity: 'error',
    family: 'discovery',
    title: 'The client would refuse a config file or entry',
    message: (f) =>
      `${f.args?.what === 'file' ? `${f.args.file} is refused by its client, so none of its servers load` : `server "${f.server ?? ''}" in ${f.args?.file ?? ''} is refused by its client`}: ${f.args?.detail ?? ''}`,
    hint: (f) =>
      f.args?.diagnostic === 'STRICT_JSON_COMMENT'
        ? 'remove the comments and trailing commas: this client reads strict JSON'
        : `fix the ${f.args?.what === 'file' ? 'file' : 'entry'} as the message says; until then the client does not load ${f.args?.what === 'file' ? 'it' : 'that server'}`,
  },
  NOT_TRUSTED: {
    severity: 'warning',
    family: 'discovery',
    title: 'The client does not trust the project or folder, so it does not load the server',
    message: (f) => `server "${f.server ?? ''}" is not loaded: ${f.args?.reason ?? `${f.args?.client ?? 'its client'} does not trust the project`}`,
    hint: (f) => f.args?.fix,
  },
  NOT_APPROVED: {
    severity: 'warning',
    family: 'discovery',
    title: 'The client starts the server but does not offer its tools in this run mode',
    message: (f) =>
      `${f.tool !== undefined ? `tool "${f.server ?? ''}/${f.tool}"` : `server "${f.server ?? ''}"`} is not offered to the model: ${f.args?.reason ?? `${f.args?.client ?? 'its client'} does not approve it`}`,
    hint: (f) => f.args?.fix,
  },
  SERVER_AUTH_REQUIRED: {
    severity: 'error',
    family: 'discovery',
    title: 'A configured server needs a sign-in (OAuth) that mcpns does not have',
    message: (f) => `server "${f.server}" needs authorization: ${f.args?.errorMessage ?? 'the server requires a sign-in'}`,
    hint: (f) => argHint(f) ?? `sign in with: mcpns auth login ${f.server}`,
  },
  // ── naming ──────────────────────────────────────────────────────────────
  NAME_INVALID_CHARS: {
    severity: 'error',
    family: 'naming',
    title: "A rendered name breaks the target's character rule",
    message: (f) =>
      `"${f.name}" (${pair(f)})${f.args?.part ? `: its ${f.args.part} "${f.args.partName ?? ''}"` : ''} breaks ${f.target}'s rule${f.args?.charset ? ` ${f.args.charset}` : ''}: ${f.args?.chars ?? ''}` +
      (f.args?.dropped ? `; ${f.target} drops it (${f.args.dropped})` : ''),
    hint: (f) => argHint(f) ?? 'rename the tool or server, or use a target that sanitizes names',
  },
  NAME_TOO_LONG: {
    severity: 'error',
    family: 'naming',
    title: 'A rendered name is longer than the target allows',
    message: (f) =>
      `"${f.name}" (${pair(f)})${f.args?.part ? `: its ${f.args.part} "${f.args.partName ?? ''}"` : ''} is ${f.args?.length ?? 'too many'} characters; ${f.target} allows ${f.args?.limit ?? 'fewer'}` +
      (f.args?.dropped ? `; ${f.target} drops it (${f.args.dropped})` : ''),
    hint: (f) => argHint(f) ?? 'shorten the server key (it is part of every name) or the tool name',
  },
  TOOL_NAME_SPEC: {
    severity: 'warning',
    family: 'naming',
    title: 'A tool name outside the MCP specification guidance',
    message: (f) => `tool name "${f.tool}" on "${f.server}": ${f.args?.problem ?? 'outside the guidance'}`,
    hint: (f) => argHint(f) ?? 'MCP 2025-11-25: 1–128 characters of A-Z a-z 0-9 _ - .',
  },
  SERVER_NAME_INVALID: {
    severity: 'warning',
    family: 'naming',
    title: 'A server name that makes qualified names ambiguous',
    message: (f) => `server name "${f.server}": ${f.args?.problem ?? 'ambiguous'}`,
    hint: (f) => argHint(f) ?? 'use letters, digits and "-" only in server keys',
  },
  PREFIX_MISMATCH: {
    severity: 'error',
    family: 'naming',
    title: "A tool name without its namespace's prefix",
    message: (f) => `"${pair(f)}" does not start with "${f.args?.prefix}" (namespace ${f.args?.namespace})`,
    hint: (f) => argHint(f) ?? `rename the tool to "${f.args?.prefix ?? ''}${f.tool ?? ''}", or fix the namespace's prefix`,
  },
  PATTERN_MISMATCH: {
    severity: 'error',
    family: 'naming',
    title: "A tool name that does not match its namespace's pattern",
    message: (f) => `"${pair(f)}" does not match ${f.args?.pattern} (namespace ${f.args?.namespace})`,
    hint: (f) => argHint(f) ?? "rename the tool, or widen the namespace's pattern",
  },
  CASE_STYLE: {
    severity: 'warning',
    family: 'naming',
    title: "A tool name in another case style than its namespace's",
    message: (f) => `"${pair(f)}" is not ${f.args?.case} case (namespace ${f.args?.namespace})`,
    hint: (f) => argHint(f) ?? `rename the tool in ${f.args?.case} case, or set the namespace's "case" to "any"`,
  },
  // ── definitions ─────────────────────────────────────────────────────────
  MISSING_DESCRIPTION: {
    severity: 'warning',
    family: 'definitions',
    title: 'A tool without a description',
    message: (f) => `"${pair(f)}" has ${f.args?.blank ? 'a blank' : 'no'} description; models choose tools by their descriptions`,
    hint: (f) => argHint(f) ?? 'say what the tool does, what it returns and when to use it',
  },
  INPUT_SCHEMA_INVALID: {
    severity: 'error',
    family: 'definitions',
    title: 'A tool whose input schema is not a valid object schema',
    message: (f) => `"${pair(f)}" input schema: ${f.args?.problem ?? 'invalid'}`,
    hint: (f) => argHint(f) ?? 'MCP: inputSchema must be a JSON Schema object with "type": "object" (2020-12 unless "$schema" says otherwise)',
  },
  MALFORMED_TOOL: {
    severity: 'error',
    family: 'definitions',
    title: 'A tools/list entry that fails the MCP Tool schema',
    message: (f) => `server "${f.server}" returned a malformed tool ${f.tool ? `"${f.tool}"` : `#${f.args?.index ?? '?'}`}: ${f.args?.problems ?? ''}`,
    hint: () => 'clients using a strict SDK drop the whole tools/list page; fix the server',
  },
  CONTROL_CHARACTERS: {
    severity: 'error',
    family: 'definitions',
    title: 'Escape sequences, bidi overrides or zero-width characters in a name or description',
    message: (f) => `"${pair(f)}" ${f.args?.field ?? 'text'} contains ${f.args?.kind ?? 'control characters'}`,
    hint: () => 'such characters can hide instructions from a human reviewer',
  },
  CROSS_SERVER_REFERENCE: {
    severity: 'warning',
    family: 'definitions',
    title: "A description that names another server's tools (tool shadowing)",
    message: (f) => `description of "${pair(f)}" mentions ${f.args?.mentions ?? "other servers' tools"}`,
    hint: () => 'a tool should describe itself, not steer the model towards or away from other servers',
  },
  PROTOCOL_REVISION_OUTDATED: {
    severity: 'info',
    family: 'definitions',
    title: 'A server still speaks a protocol revision from before 2025',
    message: (f) => `server "${f.server}" speaks MCP ${f.args?.revision ?? 'an old revision'}, a revision from before 2025`,
    hint: (f) =>
      `newer revisions add what clients now rely on (tool annotations, structured output, elicitation); update the server to one that speaks ${f.args?.current ?? 'a 2025 revision'} or later`,
  },
  // ── drift ───────────────────────────────────────────────────────────────
  SERVER_ADDED: {
    severity: 'info',
    family: 'drift',
    title: 'A server appeared',
    message: (f) =>
      `server "${f.server}" was ${f.args?.previously === 'disabled' ? 'enabled' : 'added'}${f.args?.toolCount ? ` (${f.args.toolCount} tools)` : ''}`,
  },
  SERVER_REMOVED: {
    severity: 'error',
    family: 'drift',
    title: 'A server disappeared',
    message: (f) =>
      `server "${f.server}" ${f.args?.now === 'disabled' ? 'is now disabled' : 'was removed'}${f.args?.toolCount ? ` (it had ${f.args.toolCount} tools)` : ''}`,
    hint: () => 'if this is intended, refresh the lock file: mcpns snapshot -o <lock>',
  },
  TOOL_ADDED: {
    severity: 'info',
    family: 'drift',
    title: 'A tool appeared',
    message: (f) => `tool "${pair(f)}" was added${f.args?.renamedFrom ? ` (renamed from "${f.args.renamedFrom}"?)` : ''}`,
  },
  TOOL_REMOVED: {
    severity: 'error',
    family: 'drift',
    title: 'A tool disappeared',
    message: (f) => `tool "${pair(f)}" was removed${f.args?.renamedTo ? ` (renamed to "${f.args.renamedTo}"?)` : ''}`,
    hint: () => 'agents, prompts and profiles that call it will fail; if this is intended, refresh the lock file',
  },
  DESCRIPTION_CHANGED: {
    severity: 'warning',
    family: 'drift',
    title: "A tool's description changed (possible rug pull)",
    message: (f) => `${describedField(f)} changed: ${f.args?.diff ?? ''}`,
    hint: () => 'review the new text before trusting it: a rewritten description can carry instructions to the model',
  },
  SCHEMA_BREAKING: {
    severity: 'error',
    family: 'drift',
    title: "A tool's input schema changed incompatibly",
    message: (f) => `${schemaName(f)} of "${pair(f)}" changed incompatibly: ${f.args?.changes ?? ''}`,
    hint: (f) =>
      f.args?.schema === 'outputSchema'
        ? 'code that reads its structured output may break'
        : 'callers built against the old schema will send arguments the tool now rejects',
  },
  SCHEMA_COMPATIBLE: {
    severity: 'info',
    family: 'drift',
    title: "A tool's input schema changed compatibly",
    message: (f) => `${schemaName(f)} of "${pair(f)}" changed compatibly: ${f.args?.changes ?? ''}`,
  },
  ANNOTATIONS_CHANGED: {
    severity: 'warning',
    family: 'drift',
    title: "A tool's annotations changed",
    message: (f) =>
      f.args?.escalation?.length
        ? `annotations of "${pair(f)}" escalated: ${f.args.escalation.join(', ')}`
        : `annotations of "${pair(f)}" changed: ${f.args?.changes ?? ''}`,
    hint: (f) => (f.args?.escalation?.length ? 'the tool now says it may modify, delete or reach outside; review it before allowing it again' : undefined),
  },
  PROTOCOL_REVISION_CHANGED: {
    severity: 'info',
    family: 'drift',
    title: 'A server speaks another protocol revision',
    message: (f) =>
      `server "${f.server}" ${f.args?.direction === 'downgrade' ? 'went back' : 'moved'} from MCP ${f.args?.before ?? '?'} to ${f.args?.after ?? '?'}`,
    hint: (f) =>
      f.args?.direction === 'downgrade'
        ? 'an older revision lacks what clients may rely on (e.g. 2026-07-28 multi-round-trip input); check which server version is installed'
        : undefined,
  },
} as const satisfies { [C in Code]: CodeInfo<C> };

export const ALL_CODES = (Object.keys(CODES) as Code[]).sort();

export function isCode(code: string): code is Code {
  return Object.prototype.hasOwnProperty.call(CODES, code);
}

export function codeInfo<C extends Code>(code: C): CodeInfo<C> {
  return CODES[code] as CodeInfo<C>;
}

/** The sentence for a finding (one place for wording). */
export function describeFinding(finding: Finding): { message: string; hint?: string } {
  const info: CodeInfo<typeof finding.code> = codeInfo(finding.code);
  const hint = info.hint?.(finding);
  return hint ? { message: info.message(finding), hint } : { message: info.message(finding) };
}
