/** What ships and what `npm pack` leaves behind (issue 25 §4.8). */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { BUILD_INPUTS, staleBuildReason } from '../../../scripts/build-freshness.mjs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/fixtures.js';
import { makeTempDir } from '../../helpers/temp.js';

const script = join(REPO_ROOT, 'scripts', 'pack-manifest.mjs');
const readJson = (file: string): { scripts: Record<string, string> } => JSON.parse(readFileSync(file, 'utf8'));

describe('packaging', () => {
  it('npm pack builds, ships a manifest without prepare, and puts the checkout back', () => {
    const { scripts } = readJson(join(REPO_ROOT, 'package.json'));
    expect(scripts['prepare']).toBe('node scripts/prepare.mjs'); // a checkout's npm install still builds (when stale)
    expect(scripts['prepack']).toBe('npm run build && node scripts/pack-manifest.mjs strip');
    expect(scripts['postpack']).toBe('node scripts/pack-manifest.mjs restore');

    const dir = makeTempDir('mcpns-manifest-');
    copyFileSync(join(REPO_ROOT, 'package.json'), join(dir, 'package.json'));
    const original = readFileSync(join(dir, 'package.json'), 'utf8');
    execFileSync(process.execPath, [script, 'strip', dir]);
    const shipped = readJson(join(dir, 'package.json'));
    expect(shipped.scripts['prepare']).toBeUndefined();
    expect(shipped.scripts['build']).toBe(scripts['build']);
    // A pack that never reached postpack: stripping again keeps the original, and restoring gives its exact bytes.
    execFileSync(process.execPath, [script, 'strip', dir]);
    execFileSync(process.execPath, [script, 'restore', dir]);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(original);
    expect(readdirSync(dir)).toEqual(['package.json']);
  });

  it('prepare builds only a missing or stale dist/: npx mcpns in a checkout runs prepare again (issue 25 §4.2)', () => {
    const root = makeTempDir('mcpns-fresh-');
    const write = (file: string, at: number): void => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), '//');
      utimesSync(join(root, file), at, at);
    };
    const now = Date.now() / 1000;
    write('src/cli/main.ts', now - 100);
    write('tsconfig.json', now - 100);
    expect(staleBuildReason(root)).toBe('dist/ has not been built');
    write('dist/index.js', now - 50);
    write('dist/cli-bundle/index.js', now - 50);
    expect(staleBuildReason(root)).toBeUndefined();
    write('src/naming/new-style.ts', now - 10);
    expect(staleBuildReason(root)).toBe('src is newer than dist/');
    write('dist/cli-bundle/chunk.js', now);
    write('scripts/build-cli.mjs', now + 10);
    expect(staleBuildReason(root)).toBe('scripts/build-cli.mjs is newer than dist/');
    expect(BUILD_INPUTS).toContain('tsconfig.build.json');
  });

  it('the tarball npm pack writes is ignored by git', () => {
    const ignored = execFileSync('git', ['check-ignore', 'mcpns-0.1.0.tgz', '.package.json.packing'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(ignored.trim().split('\n')).toEqual(['mcpns-0.1.0.tgz', '.package.json.packing']);
  });

  it("tests run npm pack only through the helper that keeps npm's notices off the terminal", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
      );
    const packing = files(join(REPO_ROOT, 'test')).filter((file) => /\(\s*'npm',\s*\[\s*'pack'/.test(readFileSync(file, 'utf8')));
    expect(packing.map((file) => relative(REPO_ROOT, file))).toEqual(['test/helpers/npm-pack.ts']);
  });
});
