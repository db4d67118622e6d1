#!/usr/bin/env node
/**
 * Entry point: the only place that touches process.exit. Sets up SIGINT (exit 130 after children are gone)
 * and exits explicitly once output has drained, so an orphaned grandchild holding a pipe cannot keep us alive.
 */
import { homedir } from 'node:os';
import { EXIT } from '../exit-codes.js';
import { VERSION } from '../version.js';

// `--version` needs none of the CLI: answer before loading commander, zod and the command modules.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
  process.exit(EXIT.OK);
}
const { main } = await import('./main.js');

const controller = new AbortController();
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(EXIT.INTERRUPTED);
  interrupted = true;
  controller.abort();
});
// A closed stdout (e.g. `mcpns list | head`) must not crash with EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

const code = await main(argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  home: homedir(),
  signal: controller.signal,
  now: () => new Date(),
});
const exitCode = interrupted ? EXIT.INTERRUPTED : code;
process.exitCode = exitCode;
// Exit once stdout and stderr have flushed (large JSON on a pipe must not be cut off).
let pending = 2;
const done = (): void => {
  if (--pending === 0) process.exit(exitCode);
};
process.stdout.write('', done);
process.stderr.write('', done);
