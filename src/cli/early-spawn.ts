import { dirname, resolve } from 'node:path';
import { expandPosixDefault } from '../config/expand.js';
import { findOwnConfig, isOwnConfigFile, OWN_ONLY_KEYS } from '../config/locate.js';
import { isValidOwnConfig } from '../config/quick-validate.js';
import type { Diagnostic, EnvInheritSetting } from '../config/model.js';
import { ALL_ENV, policyFromSetting, spawnEnvironment } from '../config/spawn-env.js';
import { DEFAULT_CONCURRENCY } from '../discovery/defaults.js';
import { detectPackageRunner } from '../discovery/package-runner.js';
import { prespawn, type SpawnRequest } from '../discovery/prespawn.js';
import { checkRouteDefinitions } from '../config/route-definitions.js';
import { MAX_CONFIG_BYTES, readRegularFile } from '../util/read-file.js';

/**
 * Spawn first. For the commands that discover every selected server (list, check, check-conflicts, lint, snapshot,
 * export), the entry point calls this before it loads commander, zod, the MCP SDK, the naming engine or the reporters:
 * it reads mcpns.config.json, checks it with the precompiled validator, and starts the servers the first discovery
 * slots will take, so they boot while the rest of mcpns loads. Discovery adopts a process only when it would have
 * started exactly the same one (src/discovery/prespawn.ts); anything unusual (another config format, include,
 * profiles, --catalog, an option not listed here…) simply skips this, and everything runs as before.
 */

const DISCOVERING = new Set(['list', 'check', 'check-conflicts', 'lint', 'snapshot', 'export']);
/** Options that do not change which servers are started or how. */
const FLAGS = new Set(['--json', '--no-color', '-v', '--verbose', '-q', '--quiet', '--wide', '--fail-fast', '--update', '--allow-partial']);
const VALUES = new Set([
  '--timeout',
  '--format',
  '--fail-on',
  '-o',
  '--output',
  '--style',
  '--preset',
  '--provider',
  '--map-out',
  '--baseline',
  '--write-baseline',
]);
/** Options taking any number of values (up to the next option). */
const LISTS = new Set(['--server', '--ignore']);

interface EarlyPlan {
  configFile?: string;
  servers?: string[];
  concurrency: number;
}

/** What the command line asks for, or undefined when it is anything this path does not handle exactly. */
function planFrom(argv: readonly string[]): EarlyPlan | undefined {
  if (!DISCOVERING.has(argv[0] ?? '')) return undefined;
  const plan: EarlyPlan = { concurrency: DEFAULT_CONCURRENCY };
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    const inline = equals > 0 ? arg.slice(equals + 1) : undefined;
    if (FLAGS.has(name) && inline === undefined) continue;
    if (LISTS.has(name)) {
      const values = inline !== undefined ? [inline] : [];
      while (inline === undefined && index + 1 < argv.length && !argv[index + 1]!.startsWith('-')) values.push(argv[++index]!);
      if (!values.length) return undefined;
      if (name === '--server') {
        plan.servers = [
          ...(plan.servers ?? []),
          ...values
            .flatMap((value) => value.split(','))
            .map((value) => value.trim())
            .filter(Boolean),
        ];
      }
      continue;
    }
    if (!VALUES.has(name) && name !== '-c' && name !== '--config' && name !== '--concurrency') return undefined;
    const value = inline ?? argv[++index];
    if (value === undefined) return undefined;
    if (name === '-c' || name === '--config') {
      if (plan.configFile !== undefined) return undefined; // several sources are merged: not this path
      plan.configFile = value;
    } else if (name === '--concurrency') {
      const count = Number(value);
      if (!Number.isInteger(count) || count <= 0) return undefined;
      plan.concurrency = count;
    }
  }
  return plan;
}

type Entry = { command?: string; args?: string[]; env?: Record<string, string>; cwd?: string; enabled?: boolean; envInherit?: EnvInheritSetting };
type OwnConfig = {
  include?: string[];
  envInherit?: EnvInheritSetting;
  servers?: Record<string, Entry>;
  namespaces?: Record<string, { enabled?: boolean; pattern?: string }>;
  routes?: Parameters<typeof checkRouteDefinitions>[0];
};

/** mcpns's own config as the loader would accept it, or undefined when the loader might decide otherwise. */
function readOwnConfig(file: string): OwnConfig | undefined {
  if (!/\.json$/i.test(file)) return undefined;
  // The loader's own reading rules (a regular file, within the size limit): anything else throws, and this path steps aside.
  const value: unknown = JSON.parse(readRegularFile(file, MAX_CONFIG_BYTES));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (!isOwnConfigFile(file, value) && !OWN_ONLY_KEYS.some((key) => key in value)) return undefined;
  if (!isValidOwnConfig(value)) return undefined;
  const config = value as OwnConfig;
  // What the loader checks beyond the schema (an include, a namespace or route that fails, namespaces that hide).
  if (config.include?.length) return undefined;
  for (const namespace of Object.values(config.namespaces ?? {})) {
    if (namespace.enabled === false) return undefined;
    if (namespace.pattern !== undefined) new RegExp(namespace.pattern, 'u');
  }
  if (checkRouteDefinitions(config.routes ?? []).length) return undefined;
  return config;
}

/** The spawn of one stdio entry, exactly as config loading (toServerSpec) and the session (spawnEnvironment) make it. */
function requestFor(
  name: string,
  entry: Entry,
  file: string,
  env: Record<string, string | undefined>,
  envInherit: EnvInheritSetting | undefined,
): SpawnRequest {
  const diagnostics: Diagnostic[] = [];
  const expand = (raw: string): string => expandPosixDefault(raw, env, { file, pointer: `/servers/${name}` }, diagnostics);
  const command = expand(entry.command!);
  const args = (entry.args ?? []).map(expand);
  const serverEnv = entry.env ? Object.fromEntries(Object.entries(entry.env).map(([key, value]) => [key, expand(value)])) : undefined;
  const cwd = entry.cwd === undefined ? dirname(file) : resolve(dirname(file), expand(entry.cwd));
  const setting = entry.envInherit ?? envInherit;
  const envPolicy = setting === undefined ? ALL_ENV : policyFromSetting(setting, 'envInherit');
  return { command, args, env: spawnEnvironment({ env: serverEnv, envPolicy }, env), cwd, packageRunner: detectPackageRunner(command, args) !== undefined };
}

/**
 * Start the servers the command is about to discover (at most `--concurrency` of them, in discovery order). Returns
 * how many were started; 0 whenever anything is not exactly what this path handles. Never throws.
 */
export function spawnEarly(argv: readonly string[], context: { cwd: string; env: Record<string, string | undefined> }): number {
  try {
    const plan = planFrom(argv);
    if (!plan) return 0;
    const file = plan.configFile !== undefined ? resolve(context.cwd, plan.configFile) : findOwnConfig(context.cwd);
    if (!file) return 0;
    const config = readOwnConfig(file);
    if (!config) return 0;
    const entries = Object.entries(config.servers ?? {});
    const known = new Set(entries.map(([name]) => name));
    if (plan.servers?.some((name) => !known.has(name))) return 0; // an error the command itself reports
    const wanted = plan.servers ? new Set(plan.servers) : undefined;
    // Discovery's order: the selected, enabled servers in config order; the first `concurrency` start at once.
    const first = entries.filter(([name, entry]) => entry.enabled !== false && (!wanted || wanted.has(name))).slice(0, plan.concurrency);
    let started = 0;
    for (const [name, entry] of first) {
      if (entry.command === undefined) continue; // HTTP servers take a slot but start nothing
      prespawn(requestFor(name, entry, file, context.env, config.envInherit));
      started++;
    }
    return started;
  } catch {
    return 0;
  }
}
