// `prepare`: build dist/ unless it is up to date. npm runs prepare on `npm install` in a checkout, and again when
// `npx mcpns` (or `npm exec mcpns`) in the checkout links it into npx's cache: building there a second time cost
// 11–34 s for nothing (issue 25 §4.2).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reason = staleBuildReason(root);
if (reason === undefined) {
  process.stderr.write('mcpns: dist/ is up to date; not building it again (npm run build forces it)\n');
} else {
  process.stderr.write(`mcpns: building (${reason})\n`);
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
}
