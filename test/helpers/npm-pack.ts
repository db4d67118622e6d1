/**
 * `npm pack` for tests, with npm's output captured (its notices listed every packed file on the test run's terminal,
 * 533 lines per `npm test`). The repository is packed from a staged copy of what ships, with the manifest the
 * `prepack` hook makes (scripts/pack-manifest.mjs), so a test never rebuilds or rewrites the checkout other tests use.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './fixtures.js';
import { makeTempDir } from './temp.js';

/** Pack the folder `dir` into `destination` quietly; the tarball's path. */
export function npmPack(dir: string, destination: string): string {
  const output = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination, dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [packed] = JSON.parse(output) as Array<{ filename: string }>;
  if (!packed) throw new Error(`npm pack reported nothing: ${output}`);
  return join(destination, packed.filename);
}

/** This repository as `npm pack` ships it (built dist/ as it is), written into `destination`; the tarball's path. */
export function packRepository(destination: string): string {
  const staging = makeTempDir('mcpns-pack-');
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { files: string[] };
  for (const entry of ['package.json', ...manifest.files]) {
    if (existsSync(join(REPO_ROOT, entry))) cpSync(join(REPO_ROOT, entry), join(staging, entry), { recursive: true });
  }
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'pack-manifest.mjs'), 'strip', staging], { stdio: ['ignore', 'pipe', 'pipe'] });
  return npmPack(staging, destination);
}
