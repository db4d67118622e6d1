import { join, resolve } from 'node:path';
import type { ServerSpec } from '../model.js';
import { parseJsonDoc } from './doc.js';
import { eachEntry, isRecord, makeContext, type EntryReader, type ReaderContext } from './entry.js';
import { claudeDeniesServer } from './claude-names.js';
import { readClaudeApprovals, type ClaudeApprovals } from './claude-settings.js';
import { claudeJsonPath, samePath } from './paths.js';
import type { ClientReader } from './types.js';

/**
 * Claude Code: `.mcp.json` (project), `~/.claude.json` top-level `mcpServers` (user) and
 * `projects[<cwd>].mcpServers` (local). Local > project > user, whole entries. `${VAR}` / `${VAR:-default}`;
 * a missing variable keeps its placeholder (with a warning, as Claude Code does). A `url` without `type` is an error.
 */
export const claudeCode: ClientReader = {
  id: 'claude-code',
  label: 'Claude Code',
  precedence: { local: 3, project: 2, user: 1, managed: 4 },
  locations(options) {
    return [
      { file: join(resolve(options.cwd), '.mcp.json'), scope: 'project' },
      { file: claudeJsonPath(options), scope: 'user' },
    ];
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: true });
    const root = isRecord(doc.value) ? doc.value : {};
    const isUserFile = /(^|[\\/])\.claude\.json$/.test(input.file);
    const isManaged = /(^|[\\/])managed-mcp\.json$/.test(input.file);
    const scope = isUserFile ? 'user' : isManaged ? 'managed' : 'project';
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'claude-code' }, scope, !isUserFile);
    eachEntry(context, root['mcpServers'], ['mcpServers'], (entry) => readEntry(entry, context));
    if (scope === 'project') applyApprovals(context.result.servers, readClaudeApprovals(context.projectRoot, input.options));
    if (isUserFile && isRecord(root['projects'])) {
      const cwd = input.options.cwd;
      for (const [path, project] of Object.entries(root['projects'])) {
        if (!samePath(path, cwd) || !isRecord(project)) continue;
        const local: ReaderContext = { ...context, scope: 'local' };
        eachEntry(local, project['mcpServers'], ['projects', path, 'mcpServers'], (entry) => readEntry(entry, local));
        const disabled = project['disabledMcpServers'];
        if (Array.isArray(disabled)) {
          context.result.disables = disabled
            .filter((name): name is string => typeof name === 'string')
            .map((name) => ({ name, reason: `listed in disabledMcpServers for this project in ${input.shown}` }));
        }
      }
    }
    // Permission rules apply to every server, read from the settings of the project Claude Code runs in.
    const deny = readClaudeApprovals(scope === 'project' ? context.projectRoot : resolve(input.options.cwd), input.options).deny;
    if (deny.length) applyDenyRules(context.result.servers, deny);
    return context.result;
  },
};

/**
 * `permissions.deny` rules naming MCP tools take those tools away from the model; the server is still started
 * (claude -p, observed with 2.1.332). A rule that takes every tool of a server makes it NOT_APPROVED; rules that take
 * some become a tool gate, decided per tool once the tools are known.
 */
function applyDenyRules(servers: ServerSpec[], deny: ClaudeApprovals['deny']): void {
  for (const server of servers) {
    const whole = deny.find(({ rule }) => claudeDeniesServer(rule, server.name));
    if (whole) {
      server.gate = {
        code: 'NOT_APPROVED',
        client: 'claude-code',
        reason: `Claude Code starts it but offers none of its tools: permissions.deny has "${whole.rule}" (${whole.file})`,
        fix: `remove "${whole.rule}" from permissions.deny in ${whole.file}`,
        file: whole.file,
      };
    } else {
      server.toolGate = { client: 'claude-code', deny };
    }
  }
}

/**
 * A project `.mcp.json` server is off when any settings scope rejects it (`disabledMcpjsonServers`, which wins over
 * confirmation) or when it was switched off with /mcp (`disabledMcpServers` for this project). One nobody confirmed
 * yet (not in `enabledMcpjsonServers`, no `enableAllProjectMcpServers`) stays on: Claude Code asks in an interactive
 * session, and starts it without asking in `claude -p`, SDK and CI runs (docs/clients.md). "Confirmed", not
 * "approved": approval is NOT_APPROVED's word (the client starts a server but offers none of its tools).
 */
function applyApprovals(servers: ServerSpec[], approvals: ClaudeApprovals): void {
  for (const server of servers) {
    const rejectedIn = approvals.rejected.get(server.name);
    const toggledIn = approvals.toggledOff.get(server.name);
    if (rejectedIn !== undefined) {
      server.enabled = false;
      server.disabledReason = `rejected: listed in disabledMcpjsonServers in ${rejectedIn}`;
    } else if (toggledIn !== undefined) {
      server.enabled = false;
      server.disabledReason = `listed in disabledMcpServers for this project in ${toggledIn}`;
    } else if (approvals.approved.has(server.name)) {
      server.approval = `confirmed in enabledMcpjsonServers (${approvals.approved.get(server.name)})`;
    } else if (approvals.approveAll?.value === true) {
      server.approval = `confirmed by enableAllProjectMcpServers (${approvals.approveAll.file})`;
    } else {
      server.approval = 'not confirmed yet: an interactive Claude Code session asks whether to use it, claude -p starts it';
    }
  }
}

function readEntry(entry: EntryReader, context: ReaderContext): ServerSpec | undefined {
  const type = entry.str('type');
  const base = context.projectRoot;
  if (entry.has('headersHelper')) {
    entry.note('info', 'HEADERS_HELPER_NOT_RUN', 'headersHelper is a shell command; mcpns never runs it, so its headers are not sent', 'headersHelper');
  }
  switch (type) {
    case undefined:
      if (entry.has('url') && !entry.has('command')) {
        entry.note('error', 'URL_WITHOUT_TYPE', `MCP server "${entry.name}" has a "url" but no "type"; add "type": "http" (or "sse" / "ws")`, undefined, {
          rejects: 'entry',
          client: 'claude-code',
          ...entry.context.doc.locate(entry.path),
        });
        return entry.finish({ transport: 'unlaunchable', unlaunchableReason: 'Claude Code rejects a "url" without "type"', ...entry.remote('url') });
      }
      if (!entry.has('command')) return entry.reject('a stdio server needs "command"');
      return entry.finish({ ...entry.stdio({ cwdBase: base, defaultCwd: base }), transport: 'stdio' });
    case 'stdio':
      if (!entry.has('command')) return entry.reject('a stdio server needs "command"');
      return entry.finish({ ...entry.stdio({ cwdBase: base, defaultCwd: base }), transport: 'stdio' });
    case 'http':
    case 'streamable-http':
    case 'sse': {
      if (!entry.has('url')) return entry.reject(`a "${type}" server needs "url"`);
      // `oauth: { clientId, callbackPort, scopes, authServerMetadataUrl }`; the client secret lives in Claude Code's keychain.
      const oauth = entry.oauth('oauth', { clientId: 'clientId', callbackPort: 'callbackPort', scopes: 'scopes' }, ['authServerMetadataUrl']);
      return entry.finish({ ...entry.remote('url'), transport: type === 'sse' ? 'sse' : 'http', ...(oauth ? { oauth } : {}) });
    }
    case 'ws':
      entry.note('warning', 'UNSUPPORTED_TRANSPORT', 'WebSocket servers are not supported by mcpns');
      return entry.finish({ ...entry.remote('url'), transport: 'unlaunchable', unlaunchableReason: 'WebSocket transport is not supported' });
    default:
      return entry.reject(`unknown "type" "${type}" (Claude Code accepts stdio, http, streamable-http, sse, ws)`);
  }
}
