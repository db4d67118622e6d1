// `npm run test:clients`: the real-client suite (test/clients/). Installs the pinned versions of Claude Code, Codex,
// Gemini CLI and opencode (test/clients/versions.json) from npm into a cache outside this repository — never as
// dependencies — builds mcpns, and runs vitest on test/clients/ with the clients' binaries. Every client runs offline
// against fixture MCP servers and a recording fake LLM endpoint on 127.0.0.1, in a temporary HOME.
//
//   npm run test:clients                       all four clients
//   npm run test:clients -- --client codex     one (repeatable)
//   npm run test:clients -- --record           also rewrite test/fidelity/clients/<client>.json from this run
//
// Cache: $MCPNS_CLIENT_CACHE, else $XDG_CACHE_HOME/mcpns-clients (~/.cache/mcpns-clients); about 1.3 GB for the four.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheInstall } from './cache-install.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const versions = JSON.parse(readFileSync(join(root, 'test', 'clients', 'versions.json'), 'utf8'));
const cacheRoot = process.env.MCPNS_CLIENT_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'mcpns-clients');

const args = process.argv.slice(2);
const wanted = [];
let record = false;
const passThrough = [];
for (let index = 0; index < args.length; index++) {
  if (args[index] === '--client') wanted.push(args[++index]);
  else if (args[index] === '--record') record = true;
  else passThrough.push(args[index]);
}
for (const id of wanted) {
  if (!versions[id]) {
    process.stderr.write(`unknown client "${id}"; known: ${Object.keys(versions).join(', ')}\n`);
    process.exit(2);
  }
}
const clients = wanted.length ? wanted : Object.keys(versions);

/** Each client's binary, installed on first use; a client whose install or `--version` fails is reported, not run. */
const bins = {};
let failed = false;
for (const id of clients) {
  const { package: name, version, bin } = versions[id];
  try {
    const folder = cacheInstall(name, version, cacheRoot);
    // <prefix>/node_modules/<name> → <prefix>/node_modules/.bin/<bin>
    const modules = folder.slice(0, folder.lastIndexOf(`${sep}node_modules${sep}`) + `${sep}node_modules`.length);
    const path = join(modules, '.bin', bin);
    if (!existsSync(path)) throw new Error(`no ${bin} at ${path}`);
    const probe = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: join(cacheRoot, 'probe-home') } });
    const reported = `${probe.stdout ?? ''}`.trim();
    if (probe.status !== 0 || !reported.includes(version)) {
      throw new Error(`${bin} --version exited ${probe.status ?? probe.signal}: ${reported || `${probe.stderr ?? ''}`.trim().slice(0, 300)}`);
    }
    bins[id] = { path, version, package: name };
    process.stderr.write(`${id}: ${name}@${version} (${reported.split('\n').pop()})\n`);
  } catch (error) {
    failed = true;
    process.stderr.write(`${id}: ${name}@${version} could not be installed or run: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
if (!Object.keys(bins).length) process.exit(2);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 2);

const env = { ...process.env, MCPNS_CLIENT_BINS: JSON.stringify(bins), ...(record ? { MCPNS_CLIENTS_RECORD: '1' } : {}) };
const vitest = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.clients.config.ts', ...passThrough],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(vitest.status === 0 && !failed ? 0 : (vitest.status ?? 1) || 1);
