/**
 * `mcpns --version --json` from the built bin (the bundle finds the SDK's installed version too), and its protocol
 * revisions are the ones mcpns really speaks: the 2026 era's as `mcpns serve` announces them in `server/discover`.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

describe('mcpns --version --json', () => {
  it('from the bin: versions of mcpns, Node and the SDK; the 2026 revisions are those serve announces', async () => {
    const run = await runBin(['--version', '--json']);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.node).toBe(process.versions.node);
    expect(Object.values(document.sdk).every((version) => /^\d+\.\d+\.\d+/.test(version as string))).toBe(true);

    const dir = makeTempDir('mcpns-version-');
    writeFileSync(
      join(dir, 'c.json'),
      JSON.stringify({ servers: { alpha: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'alpha'] } } }),
    );
    const child = spawn(process.execPath, [BIN, 'serve', '--config', join(dir, 'c.json')], { stdio: ['pipe', 'pipe', 'ignore'] });
    const answer = new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
      });
      child.once('exit', () => reject(new Error(`serve exited before answering server/discover: ${stdout}`)));
    });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }) + '\n');
    const discovered = JSON.parse(await answer);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
    const modern = (discovered.result.supportedVersions as string[]).filter((version) => version >= '2026-07-28');
    expect(modern.length).toBeGreaterThan(0);
    expect(document.protocolVersions.filter((version: string) => version >= '2026-07-28')).toEqual(modern);
  });
});
