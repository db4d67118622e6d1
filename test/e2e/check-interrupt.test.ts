import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { tempFile, type TempConfig } from '../helpers/config.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

/**
 * Signals win during long synchronous work: `check --catalog` on a large catalog runs its checks in slices with a
 * turn of the event loop between them, so SIGTERM or SIGINT stops it within a slice — exit 143/130, no report on
 * stdout, no `-o` file — instead of after every check has run (a million tools took about 20 s). The signal is sent
 * once the command says it is checking (a progress line on stderr), never after a fixed sleep.
 */
describe('check --catalog stopped by a signal while it checks (built bin)', () => {
  const temps: TempConfig[] = [];
  afterAll(() => temps.forEach((temp) => temp.cleanup()));

  /** 100 000 tools over 2 000 servers, a tenth of the names shared by every server: a second or more of checks. */
  function writeCatalog(): string {
    const temp = tempFile('catalog.json');
    temps.push(temp);
    const servers = [];
    const tools = [];
    for (let s = 0; s < 2000; s++) {
      const server = `server-${s}`;
      servers.push({ name: server, transport: 'stdio', status: 'ok', toolCount: 50 });
      for (let t = 0; t < 50; t++) {
        const name = t % 10 === 0 ? `common_${t}` : `tool_${s}_${t}`;
        tools.push({ server, name, description: `Tool ${t} of ${server}.`, inputSchema: { type: 'object', properties: { value: { type: 'string' } } } });
      }
    }
    writeFileSync(temp.file, JSON.stringify({ schemaVersion: 1, servers, tools }));
    return temp.file;
  }

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s: exits %i within the run, with no report written', async (signal, code) => {
    const catalog = writeCatalog();
    const report = join(catalog, '..', 'report.json');
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'mcpns.js'), 'check', '--catalog', catalog, '--format', 'json', '-o', report, '--fail-on', 'never'],
      {
        cwd: join(catalog, '..'),
        // A progress line at every break: the observable sign that the checks are under way.
        env: { ...process.env, MCPNS_PROGRESS_INTERVAL_MS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (exit, by) => resolve({ code: exit, signal: by })),
    );
    await waitUntil(() => stderr.includes('"progress"') || child.exitCode !== null, 'check printed no progress line while checking', { timeoutMs: 60_000 });
    expect(child.exitCode).toBeNull();
    child.kill(signal);
    expect(await exited).toEqual({ code, signal: null });
    // It came back before the end of the run: no report on stdout or in the file, and the checks were not all done.
    expect(stdout).toBe('');
    expect(existsSync(report)).toBe(false);
    const lines = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, { done?: number; total?: number; code?: string }>);
    expect(lines.at(-1)).toEqual({ error: { code: 'INTERRUPTED', message: 'interrupted' } });
    const progress = lines.flatMap((line) => (line['progress'] ? [line['progress']] : []));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.done).toBeLessThan(progress.at(-1)!.total!);
  });
});
