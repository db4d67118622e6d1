import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { waitUntil } from '../helpers/assertions.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';

describe('mcpns list interrupted (built bin)', () => {
  const temps: TempConfig[] = [];
  afterAll(() => temps.forEach((temp) => temp.cleanup()));

  it('exits 130 on SIGINT and leaves no server process behind', async () => {
    const pids = tempFile('pids.txt');
    temps.push(pids);
    const env = { MCPNS_PID_FILE: pids.file };
    const temp = writeTempConfig({
      servers: {
        hung: fixtureEntry('never-initialize', { env }),
        stubborn: {
          ...fixtureEntry('never-initialize', { env }),
          command: 'sh',
          args: ['-c', `"${process.execPath}" "${join(REPO_ROOT, 'fixtures/servers/wrapper-grandchild.js')}" --direct; :`],
        },
      },
    });
    temps.push(temp);
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'mcpns.js'), 'list', '--timeout', '60000'], {
      cwd: temp.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.resume();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Wait until both servers have started (each fixture records its PID first thing).
    await waitUntil(() => readPids(pids.file).length >= 2, 'the two servers did not start (no PIDs recorded)');
    expect(readPids(pids.file).length).toBe(2);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    // The config found by lookup is named before its servers start; then one line: no per-server failures, no advice
    // about partial results.
    expect(stderr).toBe('mcpns: reading mcpns.config.json\nmcpns: interrupted\n');
    await expectProcessesGone(readPids(pids.file));
  });
});
