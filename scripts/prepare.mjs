// `prepare`: build dist/ unless it is up to date. npm runs prepare on `npm install` in a checkout, and again when
// `npx mcpns` (or `npm exec mcpns`) in the checkout links it into npx's cache: building there a second time cost
// 11–34 s for nothing (issue 25 §4.2).
//
// Without the build tools (the dev dependencies) it installs them first: npm prepares a git dependency
// (`npm install -g git+https://…/mcpns.git`) with an install that, under -g, does not put them in the clone (npm 11.19:
// "sh: 1: tsc: not found"), and the pre-commit hook (scripts/pre-commit-hook.mjs) builds its clone the same way.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args, env = process.env) => execFileSync(npm, args, { cwd: root, env, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });

/**
 * The environment for an install into this checkout: npm passes its settings to scripts as npm_config_* variables, and
 * those of a global install (global, prefix, allow-scripts…) would send it elsewhere or make npm refuse it. Where
 * packages come from (cache, registry, proxies, certificates) is kept.
 */
function projectInstallEnv() {
  const kept =
    /^npm_config_(cache|registry|@.*:registry|userconfig|globalconfig|proxy|https_proxy|noproxy|no_proxy|strict_ssl|cafile|ca|offline|prefer_offline)$/i;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key) || kept.test(key)));
}

const reason = staleBuildReason(root);
if (reason === undefined) {
  process.stderr.write('mcpns: dist/ is up to date; not building it again (npm run build forces it)\n');
} else {
  if (!existsSync(join(root, 'node_modules', 'typescript', 'bin', 'tsc'))) {
    process.stderr.write('mcpns: installing the build tools (the dev dependencies) first\n');
    run(['install', '--include=dev', '--ignore-scripts', '--no-save', '--no-audit', '--no-fund'], projectInstallEnv());
  }
  process.stderr.write(`mcpns: building (${reason})\n`);
  run(['run', 'build']);
}
