// The baseline a user would otherwise write: an SDK client per server that connects, lists every tools/list page,
// closes, and exits. Servers are given as a JSON array of {command, args} on argv[2]; all are listed concurrently.
// With BENCH_TIMING=1 it reports on stderr how long its close() took (the SDK's own shutdown: stdin EOF, then up to
// 2 s before SIGTERM), measured the same way as mcpns's shutdown.
// Its servers get the environment mcpns gives them (the whole environment, as the clients whose configs mcpns reads
// do), not the SDK's default six variables: the servers then do the same work under both contenders. A machine-wide
// NODE_EXTRA_CA_CERTS, for one, makes every Node server read its CA bundle at start (about 50 ms of CPU each on the
// bench machine): with the SDK's default environment the baseline's twenty servers skipped that, and mcpns's did not.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { performance } from 'node:perf_hooks';

const servers = JSON.parse(process.argv[2]);
let total = 0;
let closeMs = 0;
await Promise.all(
  servers.map(async ({ command, args }) => {
    const transport = new StdioClientTransport({ command, args, stderr: 'ignore', env: { ...process.env } });
    const client = new Client({ name: 'minimal', version: '0.0.0' });
    await client.connect(transport);
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      total += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor);
    const closing = performance.now();
    await client.close();
    closeMs = Math.max(closeMs, performance.now() - closing);
  }),
);
process.stdout.write(`${total}\n`);
if (process.env.BENCH_TIMING) process.stderr.write(`${JSON.stringify({ closeMs })}\n`);
process.exit(0);
