/**
 * Package runners: commands that download and install a package before they run it (`npx -y pkg`, `uvx pkg`,
 * `docker run image`). A cold cache can take tens of seconds before the server answers anything, and killing the
 * runner mid-install can leave its cache half-written. Discovery gives them a longer default deadline, shows
 * "installing" while they have produced no MCP output, and ends them gently (SIGTERM, then the long grace).
 */

import type { ServerSpec } from '../config/model.js';
import { DEFAULT_TIMEOUT_MS, PACKAGE_RUNNER_TIMEOUT_MS } from './defaults.js';
import { abandonedNpxLock, diagnoseNpxFolder, npxPackages, npxWarmUpCommand, type AbandonedLock } from './npx-cache.js';

export { PACKAGE_RUNNER_TIMEOUT_MS } from './defaults.js';

/** The runner as users write it (`npx`, `npm exec`, `uv run`…). */
export type PackageRunner = 'npx' | 'npm exec' | 'pnpm dlx' | 'yarn dlx' | 'bunx' | 'bun x' | 'uvx' | 'uv run' | 'pipx run' | 'docker run' | 'podman run';

/** Runners that are a command of their own, and runners that are a subcommand of a tool. */
const STANDALONE = new Map<string, PackageRunner>([
  ['npx', 'npx'],
  ['bunx', 'bunx'],
  ['uvx', 'uvx'],
]);
const SUBCOMMANDS = new Map<string, Map<string, PackageRunner>>([
  [
    'npm',
    new Map<string, PackageRunner>([
      ['exec', 'npm exec'],
      ['x', 'npm exec'],
    ]),
  ],
  ['pnpm', new Map<string, PackageRunner>([['dlx', 'pnpm dlx']])],
  ['yarn', new Map<string, PackageRunner>([['dlx', 'yarn dlx']])],
  ['bun', new Map<string, PackageRunner>([['x', 'bun x']])],
  ['uv', new Map<string, PackageRunner>([['run', 'uv run']])],
  ['pipx', new Map<string, PackageRunner>([['run', 'pipx run']])],
  ['docker', new Map<string, PackageRunner>([['run', 'docker run']])],
  ['podman', new Map<string, PackageRunner>([['run', 'podman run']])],
]);

/** The command's own name: no directory, no Windows launcher extension (`C:\\…\\npx.cmd` → `npx`). */
function commandName(command: string): string {
  const base = command.slice(Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\')) + 1);
  return base.replace(/\.(cmd|exe|bat|ps1)$/i, '').toLowerCase();
}

/**
 * The package runner a stdio server is started through, if any: `npx …`, `npm exec …`, `pnpm dlx …`, `yarn dlx …`,
 * `bunx …`, `uvx …`, `uv run …`, `pipx run …`, `docker run …` (by the command's name, wherever it lives). Options
 * before the subcommand (`npm --yes exec`, `uv --quiet run`) are skipped.
 */
export function detectPackageRunner(command: string | undefined, args: readonly string[] = []): PackageRunner | undefined {
  if (!command) return undefined;
  const name = commandName(command);
  const standalone = STANDALONE.get(name);
  if (standalone) return standalone;
  const subcommands = SUBCOMMANDS.get(name);
  if (!subcommands) return undefined;
  const first = args.find((arg) => !arg.startsWith('-'));
  return first === undefined ? undefined : subcommands.get(first);
}

/** Hint added to a package runner's deadline error: why it may have been slow, and what to do about it. */
export function packageRunnerHint(runner: PackageRunner): string {
  return `${runner} may still have been installing the package: raise the deadline (e.g. --timeout ${2 * PACKAGE_RUNNER_TIMEOUT_MS} or the server's timeoutMs) or install the package first`;
}

/** What a package runner's failure to start adds to the server's error: what happened (message) and what to do (hint). */
export interface RunnerAdvice {
  message?: string;
  hint?: string;
}

/**
 * Why a server started through a package runner failed to start, beyond the transport's own words: an npx install
 * folder left broken by an interrupted install (it makes every later run wait 60 s or fail at once), or an install
 * still running at the deadline. Called once the runner's process group is gone.
 */
/** npx's own arguments of a server started through npx or `npm exec`; undefined for every other runner. */
function npxArguments(spec: Pick<ServerSpec, 'args'>, runner: PackageRunner): readonly string[] | undefined {
  const args = spec.args ?? [];
  if (runner === 'npx') return args;
  if (runner === 'npm exec') return args.slice(args.findIndex((arg) => !arg.startsWith('-')) + 1);
  return undefined;
}

/** As an npx server starts: a lock an interrupted install left in its install folder, which npx will wait for. */
export function runnerLockWait(
  spec: Pick<ServerSpec, 'args' | 'cwd'>,
  runner: PackageRunner,
  env: Readonly<Record<string, string | undefined>>,
): AbandonedLock | undefined {
  const args = npxArguments(spec, runner);
  return args ? abandonedNpxLock({ args, env, cwd: spec.cwd ?? process.cwd() }) : undefined;
}

export async function runnerFailureAdvice(
  spec: Pick<ServerSpec, 'args' | 'cwd'>,
  failure: { runner: PackageRunner; reason: string; installing: boolean; stderr: string; env: Readonly<Record<string, string | undefined>> },
): Promise<RunnerAdvice> {
  const args = npxArguments(spec, failure.runner);
  if (args && failure.reason !== 'INTERRUPTED') {
    const diagnosis = await diagnoseNpxFolder({ args, env: failure.env, cwd: spec.cwd ?? process.cwd(), stderr: failure.stderr });
    if (diagnosis) return { message: diagnosis.message, hint: diagnosis.hint };
  }
  if (!failure.installing || failure.reason !== 'CONNECT_TIMEOUT') return {};
  const packages = args ? npxPackages(args) : undefined;
  return {
    message: packageRunnerHint(failure.runner),
    ...(packages ? { hint: `install it first with: ${npxWarmUpCommand(packages)}` } : {}),
  };
}

/**
 * The deadline of one server: its own `timeoutMs`, else the run's explicit one (`--timeout`), else the default for
 * its kind (10 s; 120 s through a package runner, which may install first).
 */
export function serverDeadlineMs(
  spec: Pick<ServerSpec, 'transport' | 'command' | 'args' | 'timeoutMs'>,
  options: { timeoutMs?: number | undefined; defaultTimeoutMs?: number | undefined; runnerTimeoutMs?: number | undefined },
): number {
  if (spec.timeoutMs !== undefined) return spec.timeoutMs;
  if (options.timeoutMs !== undefined) return options.timeoutMs;
  const runner = spec.transport === 'stdio' ? detectPackageRunner(spec.command, spec.args) : undefined;
  return runner ? (options.runnerTimeoutMs ?? PACKAGE_RUNNER_TIMEOUT_MS) : (options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
}
