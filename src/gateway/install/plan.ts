/**
 * `serve --install <client>` as data: which files change and how, computed from their current text alone (pure; the
 * CLI reads and writes). Per client, the gateway's entry with what the client needs to use it headless and
 * interactive, the servers the gateway now serves taken away from the client (switched off in place where the client
 * has a switch mcpns reads too, moved to a file the client does not read where it has none), and, for Claude Code,
 * the permission rules renamed to the gateway's names. Running it again over its own result changes nothing.
 */
import { join } from 'node:path';
import { claudeServerPart } from '../../config/clients/claude-names.js';
import { DEFAULT_GATEWAY_STYLE } from '../names.js';
import { rewriteClaudeRules } from './claude-rules.js';
import { JsonDoc } from './json-edit.js';
import { disableServer, parseToml, setGatewayTable } from './toml-edit.js';
import { installError, type FileChange, type InstallPlan, type InstallRequest } from './types.js';

export function planInstall(request: InstallRequest): InstallPlan {
  switch (request.client) {
    case 'claude-code':
      return claudeCode(request);
    case 'codex':
      return codex(request);
    case 'gemini-cli':
      return gemini(request);
    case 'opencode':
      return opencode(request);
    case 'cursor':
      return moving(request, request.scope === 'user' ? join(request.home, '.cursor') : join(request.project, '.cursor'), 'mcpServers', (argv) => ({
        command: argv[0],
        args: argv.slice(1),
      }));
    case 'vscode':
      return moving(request, request.scope === 'user' ? vscodeUserDir(request) : join(request.project, '.vscode'), 'servers', (argv) => ({
        type: 'stdio',
        command: argv[0],
        args: argv.slice(1),
      }));
  }
}

/** The argv of the gateway's entry: `<command> serve --for <client> --as <key> --config <file>` and the selection. */
function gatewayArgv(request: InstallRequest, config: string, served: readonly string[] | undefined): string[] {
  return [
    ...request.command,
    'serve',
    '--for',
    request.client,
    '--as',
    request.key,
    '--config',
    config,
    ...(request.style ? ['--style', request.style] : []),
    ...(request.router ? ['--router'] : []),
    // The servers stay in the client's file, switched off there: the gateway serves exactly these, never its own entry.
    ...(served ? ['--include-disabled', ...served.flatMap((name) => ['--server', name])] : []),
  ];
}

/** The servers an earlier install put behind the gateway (its entry's `--server` values). */
function servedBefore(argv: unknown): Set<string> {
  const list = Array.isArray(argv) ? argv.filter((item): item is string => typeof item === 'string') : [];
  return new Set(list.flatMap((item, index) => (list[index - 1] === '--server' ? [item] : [])));
}

const keysOf = (value: unknown): string[] => (value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The servers to serve: those on now, and those an earlier install switched off (a server the user had off stays off). */
function pickServed(request: InstallRequest, file: string, names: readonly string[], isOff: (name: string) => boolean, before: Set<string>): string[] {
  const served = names.filter((name) => name !== request.key && (before.has(name) || !isOff(name))).sort();
  if (!served.length) throw installError(`${file} has no server for the gateway to serve`, `add the servers to ${file} first, then run serve --install again`);
  return served;
}

function changeOf(file: string, before: string | undefined, after: string, what: string[]): FileChange[] {
  return before === after ? [] : [{ file, before, after, what }];
}

/**
 * Claude Code, project scope: the entry in `.mcp.json`; in `.claude/settings.local.json` (this user's, not committed)
 * the entry approved (`enabledMcpjsonServers`), the served servers rejected (`disabledMcpjsonServers`: Claude Code
 * does not start them, rejection wins over any approval; mcpns reads the same list) and `mcp__<key>` allowed so
 * `claude -p` can call the gateway's tools; rules naming the served servers' tools renamed in both settings files.
 */
function claudeCode(request: InstallRequest): InstallPlan {
  if (request.scope === 'user') {
    throw installError(
      'Claude Code keeps user servers in ~/.claude.json, which has no switch to turn one off for every project',
      'install per project: serve --install claude-code --scope project',
    );
  }
  const file = join(request.project, '.mcp.json');
  const text = request.read(file);
  if (text === undefined) throw installError(`there is no ${file}`, 'add your servers to .mcp.json first, then run serve --install claude-code');
  const mcp = new JsonDoc(file, text);
  const localFile = join(request.project, '.claude', 'settings.local.json');
  const sharedFile = join(request.project, '.claude', 'settings.json');
  const local = new JsonDoc(localFile, request.read(localFile));
  const sharedText = request.read(sharedFile);
  const shared = sharedText === undefined ? undefined : new JsonDoc(sharedFile, sharedText);
  const rejected = new Set([...strings(local.get(['disabledMcpjsonServers'])), ...strings(shared?.get(['disabledMcpjsonServers']))]);
  const before = servedBefore(mcp.get(['mcpServers', request.key, 'args']));
  const served = pickServed(request, file, keysOf(mcp.get(['mcpServers'])), (name) => rejected.has(name), before);
  const argv = gatewayArgv(request, file, served);
  mcp.set(['mcpServers', request.key], { type: 'stdio', command: argv[0], args: argv.slice(1) });
  local.addToList(['enabledMcpjsonServers'], [request.key]);
  local.addToList(['disabledMcpjsonServers'], served);
  local.addToList(['permissions', 'allow'], [`mcp__${claudeServerPart(request.key)}`]);
  const renamed = [local, ...(shared ? [shared] : [])].map((doc) => renameRules(doc, served, request));
  const localText = request.read(localFile);
  return {
    client: request.client,
    scope: request.scope,
    entryFile: file,
    gatewayConfig: file,
    served,
    method: 'disabled',
    changes: [
      ...changeOf(file, text, mcp.text, [`gateway entry "${request.key}" serving ${served.join(', ')}`]),
      ...changeOf(localFile, localText, local.text, [
        `"${request.key}" approved, ${served.join(', ')} rejected (disabledMcpjsonServers), mcp__${claudeServerPart(request.key)} allowed`,
        ...renamed[0]!,
      ]),
      ...(shared ? changeOf(sharedFile, sharedText, shared.text, renamed[1]!) : []),
    ],
  };
}

/** Rename the rules of `permissions.allow/deny/ask` that name the served servers' tools; what changed, in words. */
function renameRules(doc: JsonDoc, served: readonly string[], request: InstallRequest): string[] {
  const what: string[] = [];
  for (const list of ['allow', 'deny', 'ask']) {
    const rules = doc.get(['permissions', list]);
    if (!Array.isArray(rules)) continue;
    const texts = rules.map((rule) => (typeof rule === 'string' ? rule : ''));
    const renamed = rewriteClaudeRules(texts, served, { style: request.style ?? DEFAULT_GATEWAY_STYLE, key: request.key });
    renamed.forEach((rule, index) => {
      if (typeof rules[index] !== 'string' || rule === rules[index]) return;
      doc.set(['permissions', list, index], rule);
      what.push(`permissions.${list}: ${texts[index]} → ${rule}`);
    });
  }
  return what;
}

/**
 * Codex: the entry as its own `[mcp_servers.<key>]` table with `required = true` (Codex otherwise sent its model no
 * gateway tools when the gateway was slow to start) and `default_tools_approval_mode = "approve"` (it otherwise
 * refused every call in `codex exec`); each served server gets `enabled = false`, which Codex and mcpns both honour.
 * User scope by default, as `codex mcp add` writes; a project's `.codex/config.toml` is read only when it is trusted.
 */
function codex(request: InstallRequest): InstallPlan {
  const file =
    request.scope === 'user' ? join(request.env['CODEX_HOME'] || join(request.home, '.codex'), 'config.toml') : join(request.project, '.codex', 'config.toml');
  const text = request.read(file) ?? '';
  const table = parseToml(text)['mcp_servers'];
  const entries = (table && typeof table === 'object' ? table : {}) as Record<string, Record<string, unknown>>;
  const before = servedBefore(entries[request.key]?.['args']);
  const served = pickServed(request, file, Object.keys(entries), (name) => entries[name]?.['enabled'] === false, before);
  let after = text;
  for (const name of served) if (entries[name]?.['enabled'] !== false) after = disableServer(after, file, name);
  const argv = gatewayArgv(request, file, served);
  after = setGatewayTable(after, file, request.key, {
    command: argv[0],
    args: argv.slice(1),
    required: true,
    default_tools_approval_mode: 'approve',
  });
  return {
    client: request.client,
    scope: request.scope,
    entryFile: file,
    gatewayConfig: file,
    served,
    method: 'disabled',
    changes: changeOf(file, request.read(file), after, [`gateway table [mcp_servers.${request.key}] serving ${served.join(', ')}; enabled = false on each`]),
  };
}

/**
 * Gemini CLI: the entry with `trust: true` (the narrowest trust Gemini has: this server only, so `gemini -p` offers
 * its tools without trusting anything else), the served servers in `mcp.excluded` (Gemini does not start them; mcpns
 * reads the list too), the entry added to `mcp.allowed` when that list exists.
 */
function gemini(request: InstallRequest): InstallPlan {
  const file = join(request.scope === 'user' ? request.home : request.project, '.gemini', 'settings.json');
  const text = request.read(file);
  if (text === undefined) throw installError(`there is no ${file}`, 'add your servers to it first, then run serve --install gemini-cli');
  const doc = new JsonDoc(file, text);
  const excluded = new Set(strings(doc.get(['mcp', 'excluded'])));
  const before = servedBefore(doc.get(['mcpServers', request.key, 'args']));
  const served = pickServed(request, file, keysOf(doc.get(['mcpServers'])), (name) => excluded.has(name), before);
  const argv = gatewayArgv(request, file, served);
  doc.set(['mcpServers', request.key], { command: argv[0], args: argv.slice(1), trust: true });
  doc.addToList(['mcp', 'excluded'], served);
  if (Array.isArray(doc.get(['mcp', 'allowed']))) doc.addToList(['mcp', 'allowed'], [request.key]);
  return {
    client: request.client,
    scope: request.scope,
    entryFile: file,
    gatewayConfig: file,
    served,
    method: 'disabled',
    changes: changeOf(file, text, doc.text, [`gateway entry "${request.key}" (trust: true) serving ${served.join(', ')}; those in mcp.excluded`]),
  };
}

/** opencode: `"mcp": {"<key>": {"type": "local", "command": [argv]}}`; each served server gets `"enabled": false`. */
function opencode(request: InstallRequest): InstallPlan {
  const dir = request.scope === 'user' ? join(request.env['XDG_CONFIG_HOME'] || join(request.home, '.config'), 'opencode') : request.project;
  const file = ['opencode.jsonc', 'opencode.json'].map((name) => join(dir, name)).find((path) => request.read(path) !== undefined);
  if (!file) throw installError(`there is no opencode.json in ${dir}`, 'add your servers to it first, then run serve --install opencode');
  const text = request.read(file)!;
  const doc = new JsonDoc(file, text);
  const before = servedBefore(doc.get(['mcp', request.key, 'command']));
  const served = pickServed(request, file, keysOf(doc.get(['mcp'])), (name) => doc.get(['mcp', name, 'enabled']) === false, before);
  doc.set(['mcp', request.key], { type: 'local', command: gatewayArgv(request, file, served), enabled: true });
  for (const name of served) doc.set(['mcp', name, 'enabled'], false);
  return {
    client: request.client,
    scope: request.scope,
    entryFile: file,
    gatewayConfig: file,
    served,
    method: 'disabled',
    changes: changeOf(file, text, doc.text, [`gateway entry "${request.key}" serving ${served.join(', ')}; "enabled": false on each`]),
  };
}

/** VS Code's user folder (where its user mcp.json lives) on this platform. */
function vscodeUserDir(request: InstallRequest): string {
  if (request.platform === 'darwin') return join(request.home, 'Library', 'Application Support', 'Code', 'User');
  if (request.platform === 'win32') return join(request.env['APPDATA'] || join(request.home, 'AppData', 'Roaming'), 'Code', 'User');
  return join(request.env['XDG_CONFIG_HOME'] || join(request.home, '.config'), 'Code', 'User');
}

/**
 * Cursor and VS Code have no switch in their files to turn a server off: the served servers move to
 * `mcpns.servers.json` beside the client's `mcp.json` (same format: mcpns reads it as that client's file; the client
 * never reads it), and the entry reads that file.
 */
function moving(request: InstallRequest, dir: string, root: 'mcpServers' | 'servers', entry: (argv: string[]) => Record<string, unknown>): InstallPlan {
  const file = join(dir, 'mcp.json');
  const sidecar = join(dir, 'mcpns.servers.json');
  const text = request.read(file);
  if (text === undefined) throw installError(`there is no ${file}`, `add your servers to it first, then run serve --install ${request.client}`);
  const doc = new JsonDoc(file, text);
  const sidecarText = request.read(sidecar);
  const moved = new JsonDoc(sidecar, sidecarText ?? `{\n  "${root}": {}\n}\n`);
  const moving = keysOf(doc.get([root])).filter((name) => name !== request.key);
  for (const name of moving) {
    moved.set([root, name], doc.get([root, name]));
    doc.set([root, name], undefined);
  }
  // VS Code's ${input:…} answers: the moved servers may name them.
  if (root === 'servers' && Array.isArray(doc.get(['inputs']))) moved.set(['inputs'], doc.get(['inputs']));
  const served = keysOf(moved.get([root])).sort();
  if (!served.length) throw installError(`${file} has no server for the gateway to serve`, `add the servers to ${file} first, then run serve --install again`);
  doc.set([root, request.key], entry(gatewayArgv(request, sidecar, undefined)));
  return {
    client: request.client,
    scope: request.scope,
    entryFile: file,
    gatewayConfig: sidecar,
    served,
    method: 'moved',
    changes: [
      ...changeOf(file, text, doc.text, [`gateway entry "${request.key}"${moving.length ? `; moved out: ${moving.join(', ')}` : ''}`]),
      ...changeOf(sidecar, sidecarText, moved.text, [`servers the gateway serves: ${served.join(', ')}`]),
    ],
  };
}
