/**
 * Runs one scenario twice in the same folders — once with the real client, once with `mcpns list` — and compares
 * what the client sent its model with what mcpns says (test/clients/README.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { startFakeLlm, type RecordedRequest, type ScriptedCall } from '../../fixtures/llm/fake-llm.js';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/fixtures.js';
import { readMarker, toolsOf } from './fixture-servers.js';
import type { ClientDriver, FixtureServer, ObservedScenario, RunDirs, Scenario, SentName, Verdict, WriteContext } from './types.js';

const NAMED_TOOLS = join(FIXTURES_DIR, 'named-tools.js');
/** Longest a client run may take before it counts as stalled (then it is retried once). */
const CLIENT_DEADLINE_MS = 120_000;
const MCPNS_DEADLINE_MS = 120_000;
const OUTPUT_CAP = 256 * 1024;

export interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  stalled: boolean;
}

/** A minimal environment: this Node first on PATH (the fixtures run on it), nothing of the caller's own settings. */
export function baseEnv(dirs: RunDirs): Record<string, string> {
  return {
    PATH: [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(delimiter),
    HOME: dirs.home,
    USER: 'mcpns-clients',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    TMPDIR: join(dirs.root, 'tmp'),
  };
}

/** Run a program in its own process group, bounded by a deadline (the whole group is killed when it passes). */
export function runBounded(command: string, args: string[], options: { cwd: string; env: Record<string, string>; deadlineMs: number }): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let stalled = false;
    const keep = (text: string, chunk: Buffer): string => (text + chunk.toString('utf8')).slice(-OUTPUT_CAP);
    child.stdout.on('data', (chunk: Buffer) => (stdout = keep(stdout, chunk)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = keep(stderr, chunk)));
    const timer = setTimeout(() => {
      stalled = true;
      killGroup(child.pid);
    }, options.deadlineMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (exitCode, signal) => {
      clearTimeout(timer);
      // Anything the program left running in its group goes with it.
      killGroup(child.pid);
      resolve({ exitCode, signal, stdout, stderr, stalled });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function makeDirs(): RunDirs {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcpns-clients-')));
  const home = join(root, 'home');
  const project = join(home, 'projects', 'demo');
  mkdirSync(project, { recursive: true });
  mkdirSync(join(root, 'tmp'));
  // A git repository: clients find the project root by its .git (Codex's trust, opencode's config walk).
  spawnSync('git', ['init', '-q', project], { stdio: 'ignore' });
  return { root, home, project, serverLog: join(root, 'servers.jsonl') };
}

export function writeContext(dirs: RunDirs, llmUrl: string): WriteContext {
  return {
    dirs,
    llmUrl,
    serverArgv: (server: FixtureServer) => [
      process.execPath,
      NAMED_TOOLS,
      '--log',
      dirs.serverLog,
      '--label',
      server.name,
      ...(server.tools ?? []),
      ...(server.generate ? ['--generate', `${server.generate.prefix}:${server.generate.count}`] : []),
      ...(server.readOnly ?? []).flatMap((name) => ['--read-only', name]),
      ...(server.delayMs ? ['--delay-ms', String(server.delayMs)] : []),
    ],
  };
}

export function writeFiles(files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/** Servers that answered initialize, and the PIDs of every fixture process of the run. */
export function readServerLog(file: string): { started: Set<string>; pids: Set<number> } {
  const started = new Set<string>();
  const pids = new Set<number>();
  if (!existsSync(file)) return { started, pids };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as { label: string; method: string; pid: number };
    pids.add(entry.pid);
    if (entry.method === 'initialize') started.add(entry.label);
  }
  return { started, pids };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * End fixture servers still running after their client exited (a client that spawned them outside its process group):
 * each gets a bounded while to see its input close and exit by itself, then is killed. Returns how many were killed.
 */
export async function endLeftovers(pids: Set<number>): Promise<number> {
  const deadline = Date.now() + 5_000;
  let running = [...pids].filter(alive);
  while (running.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    running = running.filter(alive);
  }
  for (const pid of running) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  return running.length;
}

/** (server, tool) → the name the client sent, from the markers in the tools' descriptions. */
export function sentNames(requests: readonly RecordedRequest[]): Map<string, SentName> {
  const sent = new Map<string, SentName>();
  const take = (entries: RecordedRequest['toolNames'], searched: boolean): void => {
    for (const entry of entries) {
      const marker = readMarker(entry.description);
      if (!marker || entry.name === undefined) continue;
      const key = pairKey(marker.server, marker.tool);
      if (!sent.has(key))
        sent.set(key, { name: entry.name, ...(entry.namespace ? { namespace: entry.namespace } : {}), ...(searched ? { searched: true } : {}) });
    }
  };
  for (const request of requests) take(request.toolNames, false);
  for (const request of requests) take(request.searchedToolNames ?? [], true);
  return sent;
}

export const pairKey = (server: string, tool: string): string => `${server}\u0000${tool}`;

export interface ClientRun {
  observed: ObservedScenario;
  process: ProcessResult;
  /** Runs needed (2 when the first stalled). */
  attempts: number;
  leftovers: number;
  mcpns: { exitCode: number | null; document: any; stderr: string };
  /** Every request the client sent the fake model (with the raw `tools`). */
  requests: RecordedRequest[];
}

/**
 * Run the scenario with the real client, then `mcpns list` in the same folders. `reply` scripts the fake model: given a
 * request, the tool call to answer it with (e.g. Claude Code's ToolSearch, to load deferred tools).
 */
export async function runScenario(
  driver: ClientDriver,
  scenario: Scenario,
  bin: string,
  options: { reply?: (request: RecordedRequest) => ScriptedCall | undefined } = {},
): Promise<ClientRun> {
  for (let attempt = 1; ; attempt++) {
    const dirs = makeDirs();
    try {
      const llm = await startFakeLlm({
        ...(scenario.searchAll ? { searchAll: { query: 'Fixture tool', limit: 500 } } : {}),
        ...(options.reply ? { reply: options.reply } : {}),
      });
      const context = writeContext(dirs, llm.url);
      let result: ProcessResult;
      let log: ReturnType<typeof readServerLog>;
      const cwd = scenario.cwd ? join(dirs.project, scenario.cwd) : dirs.project;
      mkdirSync(cwd, { recursive: true });
      try {
        writeFiles(driver.files(scenario, context));
        result = await runBounded(bin, driver.argv(scenario), {
          cwd,
          env: { ...baseEnv(dirs), ...driver.env(scenario, context) },
          deadlineMs: CLIENT_DEADLINE_MS,
        });
        log = readServerLog(dirs.serverLog);
      } finally {
        await llm.close();
      }
      const leftovers = await endLeftovers(log.pids);
      if (result.stalled && attempt === 1) continue;
      const sent = sentNames(llm.requests);
      const observed: ObservedScenario = {
        id: scenario.id,
        description: scenario.description,
        exitCode: result.exitCode,
        servers: scenario.servers.map((server) => ({
          name: server.name,
          verdict: server.expect,
          started: log.started.has(server.name),
          tools: toolsOf(server).map((tool) => ({ tool, sent: sent.get(pairKey(server.name, tool)) ?? null })),
        })),
      };
      // mcpns in the same folder, the same HOME, never the fake endpoint: only the files the client read.
      rmSync(dirs.serverLog, { force: true });
      const mcpns = await runBounded(
        process.execPath,
        [join(REPO_ROOT, 'bin', 'mcpns.js'), 'list', '--client', driver.id, '--preset', driver.preset, '--json', ...(scenario.mcpnsArgs ?? [])],
        { cwd, env: { ...baseEnv(dirs), ...driver.mcpnsEnv(context) }, deadlineMs: MCPNS_DEADLINE_MS },
      );
      await endLeftovers(readServerLog(dirs.serverLog).pids);
      let document: any;
      try {
        document = JSON.parse(mcpns.stdout);
      } catch {
        document = undefined;
      }
      return {
        observed,
        process: result,
        attempts: attempt,
        leftovers,
        mcpns: { exitCode: mcpns.exitCode, document, stderr: mcpns.stderr },
        requests: llm.requests,
      };
    } finally {
      rmSync(dirs.root, { recursive: true, force: true });
    }
  }
}

/** How a server behaved in the client run fits the verdict the scenario expects. */
export function fitsVerdict(verdict: Verdict, server: ObservedScenario['servers'][number]): boolean {
  const sentAny = server.tools.some((tool) => tool.sent !== null);
  switch (verdict) {
    case 'loaded':
      return server.started;
    case 'not-approved':
      return server.started && !sentAny;
    default:
      return !server.started && !sentAny;
  }
}

/** mcpns's verdict for a server of `list --json`: its `verdict` code when it gives one, else from its status. */
export function mcpnsVerdict(server: any): Verdict | string {
  if (!server) return 'absent';
  const code: unknown = server.verdict?.code;
  if (typeof code === 'string') return code.toLowerCase().replace(/_/g, '-');
  if (server.status === 'ok') return 'loaded';
  if (server.status === 'error') return `error (${server.error?.code})`;
  if (server.disabledKind === 'rejected') return 'refused';
  return server.disabledKind ?? 'disabled';
}

export interface Comparison {
  differences: string[];
  servers: number;
  serversMatched: number;
  tools: number;
  toolsMatched: number;
}

/** The name mcpns gives a tool under the preset, as the client would send it (namespace + function for Codex). */
function mcpnsName(tool: any, preset: string): SentName | null {
  const rendered = tool?.presets?.[preset];
  if (!rendered || rendered.dropped) return null;
  return rendered.namespace ? { name: rendered.function ?? rendered.name, namespace: rendered.namespace } : { name: rendered.name };
}

const show = (name: SentName | null): string => (name === null ? '(not sent)' : name.namespace ? `${name.namespace} › ${name.name}` : name.name);

/** Every difference between what the client did and what mcpns says, per server and per tool. */
export function compare(scenario: Scenario, observed: ObservedScenario, document: any, preset: string): Comparison {
  const differences: string[] = [];
  const result: Comparison = { differences, servers: 0, serversMatched: 0, tools: 0, toolsMatched: 0 };
  if (!document) {
    differences.push('mcpns printed no JSON document');
    result.servers = observed.servers.length;
    result.tools = observed.servers.reduce((sum, server) => sum + server.tools.length, 0);
    return result;
  }
  const servers = new Map<string, any>((document.servers ?? []).map((server: any) => [server.name, server]));
  const tools = new Map<string, any>((document.tools ?? []).map((tool: any) => [pairKey(tool.server, tool.name), tool]));
  for (const [index, server] of scenario.servers.entries()) {
    const seen = observed.servers[index]!;
    result.servers++;
    let ok = true;
    if (!fitsVerdict(server.expect, seen)) {
      ok = false;
      const sent = seen.tools.filter((tool) => tool.sent).length;
      differences.push(
        `${server.name}: expected "${server.expect}", but the client ${seen.started ? 'started it' : 'did not start it'} and sent ${sent} of its ${seen.tools.length} tools`,
      );
    }
    const verdict = mcpnsVerdict(servers.get(server.name));
    if (verdict !== server.expect) {
      ok = false;
      differences.push(`${server.name}: the client's verdict is "${server.expect}", mcpns says "${verdict}"`);
    }
    if (ok) result.serversMatched++;
    for (const { tool, sent } of seen.tools) {
      result.tools++;
      const ours = mcpnsName(tools.get(pairKey(server.name, tool)), preset);
      const same = sent === null ? ours === null : ours !== null && ours.name === sent.name && (ours.namespace ?? null) === (sent.namespace ?? null);
      if (same) result.toolsMatched++;
      else differences.push(`${server.name}/${tool}: the client sent ${show(sent)}, mcpns says ${show(ours)}`);
    }
  }
  return result;
}

/** A recording as written to test/fidelity/clients/<client>.json: pretty, with one line per tool. */
export function formatRecording(recording: unknown): string {
  const lines: string[] = [];
  const text = JSON.stringify(
    recording,
    (key, value: unknown) => {
      if (key !== 'tools' || !Array.isArray(value)) return value;
      lines.push(value.map((entry) => JSON.stringify(entry)).join(',\n'));
      return `\u0000tools${lines.length - 1}\u0000`;
    },
    2,
  );
  return `${text.replace(/^( *)("tools": )"\\u0000tools(\d+)\\u0000"/gm, (_match, indent: string, key: string, index: string) => {
    const body = lines[Number(index)]!;
    return body ? `${indent}${key}[\n${body.replace(/^/gm, `${indent}  `)}\n${indent}]` : `${indent}${key}[]`;
  })}\n`;
}
