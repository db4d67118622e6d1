// `npm run test:node24`: the end-to-end CLI tests — every test file that runs the built bin (test/e2e and any other
// that calls runBin) — under Node 24, with the Node binary published on npm (node-<platform>-<arch>, installed into
// .cache/ by scripts/cache-install.mjs — never a dependency of mcpns). Vitest, the built bin and every fixture server
// then run on that binary (tests spawn process.execPath). NODE24_VERSION overrides the pinned version.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheInstall } from './cache-install.mjs';

const NODE24_VERSION = process.env.NODE24_VERSION ?? '24.21.0';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const platform = process.platform === 'win32' ? 'win' : process.platform;
const folder = cacheInstall(`node-${platform}-${process.arch}`, NODE24_VERSION);
const node = join(folder, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
if (!existsSync(node)) {
  process.stderr.write(`no node binary at ${node}\n`);
  process.exit(2);
}
/** Test files that run the built bin: test/e2e/*, and any other test file calling runBin. */
function binTests() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.test.ts') && (dir.startsWith('test/e2e') || readFileSync(join(root, path), 'utf8').includes('runBin('))) found.push(path);
    }
  };
  walk('test');
  return found.sort();
}

const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
process.stderr.write(`end-to-end tests under Node ${version} (${node})\n`);
// This Node first on PATH, so anything started by name (`npm`, `node` in a shell wrapper) is Node 24 as well.
const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' }).status ?? 1;
// Build with this Node too: the tests must run what it compiles.
let status = run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
if (status === 0) status = run(node, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...binTests(), ...process.argv.slice(2)]);
process.exit(status);
