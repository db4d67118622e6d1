/**
 * Issue 25 §2.12: a tools/call answer over --max-response-size is RESPONSE_TOO_LARGE naming the cap (it was "MCP
 * error -32000: Connection closed"), over stdio and Streamable HTTP, on discovery's session and on a session the call
 * opens itself (--catalog), which gets the cap too.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { jsonLines } from '../helpers/json-lines.js';
import { writeTempConfig, type TempConfig } from '../helpers/config.js';
import { fixturePath, startHttpFixture, type HttpFixture } from '../helpers/fixtures.js';

let http: HttpFixture;
let config: TempConfig;
beforeAll(async () => {
  http = await startHttpFixture('hostile/http', ['--mode', 'huge-call']);
  config = writeTempConfig({
    servers: {
      piped: { command: process.execPath, args: [fixturePath('hostile/stdio'), '--mode', 'huge-call'] },
      remote: { type: 'http', url: `${http.origin}/mcp` },
    },
  });
});
afterAll(async () => {
  config.cleanup();
  await http.stop();
});

const call = (name: string) => runCli(['call', name, '--execute', '--yes', '--max-response-size', '100000', '--json'], { cwd: config.dir });
const errorOf = (stderr: string): Record<string, unknown> | undefined =>
  jsonLines<Record<string, Record<string, unknown>>>(stderr).find((line) => line['error'])?.['error'];

describe('a tools/call answer over --max-response-size', () => {
  it.each(['piped/fine', 'remote/fine'])('%s: RESPONSE_TOO_LARGE with the cap, exit 2', async (name) => {
    const result = await call(name);
    expect(errorOf(result.stderr)).toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      message: `tools/call ${name}: the answer was larger than 97.7 KiB; reading stopped there`,
      hint: 'raise --max-response-size <bytes> if a result this large is expected',
    });
    expect(result.code).toBe(2);
  });

  it('with --catalog (the call opens its own session) the cap is the same', async () => {
    const listed = await runCli(['list', '--json', '--server', 'piped'], { cwd: config.dir });
    const catalog = join(config.dir, 'catalog.json');
    writeFileSync(catalog, listed.stdout);
    const result = await runCli(['call', 'piped/fine', '--catalog', catalog, '--execute', '--yes', '--max-response-size', '100000', '--json'], {
      cwd: config.dir,
    });
    expect(errorOf(result.stderr)).toMatchObject({ code: 'RESPONSE_TOO_LARGE', message: expect.stringContaining('larger than 97.7 KiB') });
    expect(result.code).toBe(2);
  });
});
