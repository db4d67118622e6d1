#!/usr/bin/env node
/**
 * Entry point: the only place that touches process.exit and signals. SIGINT, SIGTERM and SIGHUP all stop the run the
 * same way — every server's process group gets SIGTERM, then SIGKILL after its grace — and exit 130, 143 or 129 once
 * the groups are gone. A second signal cuts the graces short (SIGKILL at once), never the SIGKILL itself. The process
 * exits explicitly once output has drained, so an orphaned grandchild holding a pipe cannot keep it alive.
 */
import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { hurryAllGroups, terminateAllGroups } from '../discovery/process-group.js';
import { EXIT } from '../exit-codes.js';
import { COMMANDS } from './commands/index.js';
import { VERSION } from '../version.js';

// `--version` needs none of the CLI: answer before loading commander, zod and the command modules.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
  process.exit(EXIT.OK);
}
// `plan schema` prints a shipped file (schema/plan.schema.json, 3 KB): it needs none of the CLI either.
if (argv.length === 2 && argv[0] === 'plan' && argv[1] === 'schema') {
  process.stdout.write(readFileSync(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8'));
  process.exit(EXIT.OK);
}

/** Exit status after a signal: 128 + its number, as a shell reports it. */
const SIGNAL_EXIT = { SIGINT: EXIT.INTERRUPTED, SIGTERM: 143, SIGHUP: 129 } as const;
type HandledSignal = keyof typeof SIGNAL_EXIT;

const controller = new AbortController();
// Every server being discovered listens for the interrupt (its deadline): with --concurrency above 10 that is no leak.
setMaxListeners(Infinity, controller.signal);
let signalled: HandledSignal | undefined;

/** Leave only once every process group is gone: nothing mcpns started outlives it. */
function exitAfterCleanup(code: number): void {
  void terminateAllGroups().then(() => process.exit(code));
}

function onSignal(signal: HandledSignal): void {
  if (signalled !== undefined) {
    // Again: no more waiting for anyone. SIGKILL whatever is left, then leave.
    hurryAllGroups();
    exitAfterCleanup(SIGNAL_EXIT[signalled]);
    return;
  }
  signalled = signal;
  // Discovery and sessions end their servers on abort (a package runner keeps its long grace); groups nobody is
  // ending yet are ended here.
  controller.abort();
  void terminateAllGroups();
}
/** `serve` reloads its configuration on SIGHUP (the daemon convention) instead of stopping. */
const reloadListeners = new Set<() => void>();
const reloadsOnHangup = argv[0] === 'serve';
for (const signal of Object.keys(SIGNAL_EXIT) as HandledSignal[]) {
  if (signal === 'SIGHUP' && reloadsOnHangup) process.on(signal, () => reloadListeners.forEach((listener) => listener()));
  else process.on(signal, onSignal);
}

// A bug that escapes every handler ends the run, never only the process: each server's process group goes with it
// (a server that ignores stdin EOF would otherwise outlive mcpns).
let fatal = false;
process.on('uncaughtException', (error) => {
  if (fatal) return;
  fatal = true;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`mcpns: internal error: ${message.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')}\n`);
  exitAfterCleanup(EXIT.ERROR);
});

// A closed stdout (e.g. `mcpns list | head`) must not crash with EPIPE, nor leave servers behind.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') exitAfterCleanup(typeof process.exitCode === 'number' ? process.exitCode : 0);
});

// The environment as a plain object, read once: process.env answers every read through the C++ environment (a lookup
// per variable per server spawned, and again for the secrets it implies).
const hostEnv: Record<string, string | undefined> = { ...process.env };

// `serve` on stdio answers the client's `initialize` now, before the SDK and the gateway are loaded (see
// src/gateway/early-initialize.ts); the gateway takes over what was read.
// In router mode the answer carries the router's hint to search first, as the SDK server's would.
const earlyStdin = servesStdio(argv)
  ? (await import('../gateway/early-initialize.js')).answerInitializeEarly(
      process.stdin,
      (text) => process.stdout.write(text),
      argv.includes('--router') ? (await import('../gateway/router/instructions.js')).routerInstructions(undefined) : undefined,
    )
  : undefined;

// Spawn first: a command about to discover servers starts them now, so they boot while the rest of mcpns loads.
let announcedConfig: string | undefined;
if (COMMANDS.find((command) => command.name === argv[0])?.discovers) {
  const { spawnEarly } = await import('./early-spawn.js');
  announcedConfig = (await spawnEarly(argv, { cwd: process.cwd(), home: homedir(), env: hostEnv, stderr: process.stderr })).announced;
}

const { main } = await import('./main.js');
const code = await main(argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: hostEnv,
  cwd: process.cwd(),
  home: homedir(),
  signal: controller.signal,
  now: () => new Date(),
  ...(reloadsOnHangup
    ? {
        onReload: (listener: () => void) => {
          reloadListeners.add(listener);
          return () => reloadListeners.delete(listener);
        },
      }
    : {}),
  ...(announcedConfig !== undefined ? { announcedConfig } : {}),
  ...(earlyStdin ? { earlyStdin } : {}),
});
await terminateAllGroups();
const exitCode = signalled !== undefined ? SIGNAL_EXIT[signalled] : code;
process.exitCode = exitCode;
// Exit once stdout and stderr have flushed (large JSON on a pipe must not be cut off).
let pending = 2;
const done = (): void => {
  if (--pending === 0) process.exit(exitCode);
};
process.stdout.write('', done);
process.stderr.write('', done);

/** `serve` answering on stdio (not --http, nor a one-shot --dry-run, --install, --uninstall or --help). */
function servesStdio(args: readonly string[]): boolean {
  if (args[0] !== 'serve') return false;
  return !args.some((arg) => /^(--http|--dry-run|--install|--uninstall|--help|-h$|--catalog)/.test(arg));
}
