// Install an npm package into a cache folder (.cache/npm/<spec>/ in this repository unless another root is given),
// never into node_modules and never as a dependency: tools the benchmark, the Node 24 run and the real-client suite
// need (the MCP Inspector, a Node binary, the clients themselves) stay out of package.json. Reuses a finished install;
// a half-finished one (no marker file) is redone from scratch.
//   node scripts/cache-install.mjs <name>@<version>   → prints the package's folder
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The folder of `name` installed at `version` (exact or a range such as "24"), installing it on first use, under
 * `cacheRoot` (default: this repository's .cache/).
 */
export function cacheInstall(name, version, cacheRoot = join(root, '.cache')) {
  const prefix = join(cacheRoot, 'npm', `${name.replace('/', '+')}@${version}`);
  const marker = join(prefix, '.installed');
  const folder = join(prefix, 'node_modules', ...name.split('/'));
  if (existsSync(marker) && existsSync(folder)) return folder;
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  process.stderr.write(`installing ${name}@${version} into ${prefix}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(
    npm,
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--engine-strict=false', `${name}@${version}`],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  return folder;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = process.argv[2];
  const at = spec?.lastIndexOf('@') ?? -1;
  if (!spec || at <= 0) {
    process.stderr.write('usage: node scripts/cache-install.mjs <name>@<version>\n');
    process.exit(2);
  }
  process.stdout.write(`${cacheInstall(spec.slice(0, at), spec.slice(at + 1))}\n`);
}
