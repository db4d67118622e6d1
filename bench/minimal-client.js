// The baseline a user would otherwise write: an SDK client per server that connects, lists every tools/list page,
// closes, and exits. Servers are given as a JSON array of {command, args} on argv[2]; all are listed concurrently.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const servers = JSON.parse(process.argv[2]);
let total = 0;
await Promise.all(
  servers.map(async ({ command, args }) => {
    const transport = new StdioClientTransport({ command, args, stderr: 'ignore' });
    const client = new Client({ name: 'minimal', version: '0.0.0' });
    await client.connect(transport);
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      total += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor);
    await client.close();
  }),
);
process.stdout.write(`${total}\n`);
process.exit(0);
