// Whether dist/ must be built again: missing, or older than something it is built from. The one rule for `prepare`
// (scripts/prepare.mjs) and the test run's setup (test/setup/global.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What dist/ is built from (relative to the repository root). */
export const BUILD_INPUTS = ['src', 'scripts/build-cli.mjs', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.types.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why dist/ under `root` is stale, or undefined when it is up to date. */
export function staleBuildReason(root) {
  if (!existsSync(join(root, 'dist', 'cli-bundle', 'index.js')) || !existsSync(join(root, 'dist', 'index.js'))) return 'dist/ has not been built';
  const built = newestMtime(join(root, 'dist'));
  const changed = BUILD_INPUTS.find((input) => newestMtime(join(root, input)) > built);
  return changed === undefined ? undefined : `${changed} is newer than dist/`;
}
