import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/services/io.js';
import { main } from '../../src/cli/main.js';
import { liveGroupCount } from '../../src/discovery/process-group.js';
import { runCli } from '../helpers/cli.js';
import { fixtureEntry, tempFile, writeTempConfig } from '../helpers/config.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

describe('results first, servers ended after (list)', () => {
  it('writes the catalog while the servers are still being ended, and returns only once they are gone', async () => {
    const pids = tempFile('pids.txt');
    const env = { MCPNS_PID_FILE: pids.file };
    const temp = writeTempConfig({
      servers: {
        calculator: fixtureEntry('calculator', { env }),
        // Ignores stdin EOF and SIGTERM: ending it takes the whole SIGTERM grace and a SIGKILL.
        stubborn: fixtureEntry('wrapper-grandchild', { env }),
      },
    });
    let stdout = '';
    let liveAtOutput: number | undefined;
    const io: CliIo = {
      stdout: {
        write: (text: string) => {
          liveAtOutput ??= liveGroupCount();
          stdout += text;
        },
        isTTY: false,
      },
      stderr: { write: () => {}, isTTY: false },
      stdin: Readable.from(['']) as NodeJS.ReadableStream & { isTTY?: boolean },
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'], NO_COLOR: '1' },
      cwd: temp.dir,
      home: temp.dir,
      signal: new AbortController().signal,
      now: () => new Date('2026-01-01T00:00:00.000Z'),
    };
    const before = liveGroupCount();
    const code = await main(['list', '--json'], io);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).tools.map((tool: { qualifiedName: string }) => tool.qualifiedName)).toEqual([
      'calculator/add',
      'calculator/multiply',
      'calculator/subtract',
      'stubborn/stubborn',
    ]);
    // The output came before the stubborn group was gone (its shutdown was still running)…
    expect(liveAtOutput).toBeGreaterThan(before);
    // …and main returned only after every group had been ended.
    expect(liveGroupCount()).toBe(before);
    await expectProcessesGone(readPids(pids.file));
    temp.cleanup();
    pids.cleanup();
  });
});

describe('package runners through the CLI', () => {
  function runnerConfig(installMs: number): { dir: string; cache: string } {
    const dir = makeTempDir('mcpns-runner-');
    const npx = join(dir, 'npx');
    writeFileSync(npx, `#!/bin/sh\nexec "${process.execPath}" "${fixturePath('package-runner')}" "$@"\n`);
    chmodSync(npx, 0o755);
    const cache = join(dir, 'cache');
    writeFileSync(
      join(dir, 'mcpns.config.json'),
      JSON.stringify({ servers: { memory: { command: npx, args: ['--cache', cache], env: { INSTALL_MS: String(installMs) } } } }),
    );
    return { dir, cache };
  }

  it('shows "installing" while the runner has produced no MCP output, then lists its tools with default options', async () => {
    const { dir } = runnerConfig(1500);
    const result = await runCli(['list'], { cwd: dir, isTTY: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('installing memory (npx)…');
    expect(result.stdout).toContain('memory/add');
  });

  it('on a deadline: the error says the runner may still be installing and suggests --timeout; the cache has no partial files', async () => {
    const { dir, cache } = runnerConfig(60_000);
    const result = await runCli(['list', '--timeout', '2000'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CONNECT_TIMEOUT');
    expect(result.stderr).toContain('npx may still have been installing the package');
    expect(result.stderr).toContain('--timeout');
    // Under heavy load the runner may not have started its install before the deadline (no cache folder yet);
    // when it did, its partial files must all be gone.
    expect(existsSync(cache) ? readdirSync(cache) : []).toEqual([]);
  });

  it('--help names the longer default deadline of package runners', async () => {
    const result = await runCli(['list', '--help'], { cwd: REPO_ROOT });
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('(default: 10000; 120000 for a package runner such as npx or uvx)');
  });
});
