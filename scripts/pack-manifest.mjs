// The package.json that ships: without `prepare`. `npm install` in a checkout builds through `prepare`, but in a
// packed tarball the script has nothing to build, and npm 11 warns on every install of a package carrying one
// ("install scripts not yet covered by allowScripts"). `npm pack` runs `prepack` (build, then `strip`) and, once the
// tarball is written, `postpack` (`restore`); npm reads the scripts again after prepack, so prepare does not run.
//   node scripts/pack-manifest.mjs strip|restore [dir]
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [action, dir = process.cwd()] = process.argv.slice(2);
const manifest = join(dir, 'package.json');
const saved = join(dir, '.package.json.packing');

if (action === 'strip') {
  // Kept from an earlier pack that never reached postpack: that copy is the original.
  if (!existsSync(saved)) writeFileSync(saved, readFileSync(manifest));
  const pkg = JSON.parse(readFileSync(saved, 'utf8'));
  if (pkg.scripts) delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (action === 'restore') {
  if (existsSync(saved)) renameSync(saved, manifest);
} else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore [dir]\n');
  process.exit(2);
}
