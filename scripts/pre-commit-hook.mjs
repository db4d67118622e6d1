#!/usr/bin/env node
// The pre-commit hooks' entry (.pre-commit-hooks.yaml, `language: script`): pre-commit runs it from its clone of this
// repository, in the user's project. The first run builds mcpns in that clone (scripts/prepare.mjs: the dev
// dependencies, then npm run build), later runs start it at once. A `language: node` hook could not be installed:
// pre-commit takes `npm pack`'s stdout for the tarball's name, and npm prints every lifecycle script's banner there.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (staleBuildReason(root) !== undefined) {
  execFileSync(process.execPath, [fileURLToPath(new URL('prepare.mjs', import.meta.url))], { stdio: ['ignore', 2, 2] });
}
const child = spawn(process.execPath, [fileURLToPath(new URL('../bin/mcpns.js', import.meta.url)), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 2);
});
