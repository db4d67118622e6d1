#!/usr/bin/env node
// Generate a catalog document of N tools (for `check-conflicts --catalog` benchmarks):
//   node scripts/gen-catalog.mjs 100000 > /tmp/catalog-100k.json
// Deterministic: 50 tools per server; every 10th tool name is shared by all servers of a group of 5,
// every 97th server key contains a "." so sanitizing collisions and near-collisions show up too.
const total = Number(process.argv[2] ?? 1000);
if (!Number.isInteger(total) || total <= 0) {
  process.stderr.write('usage: gen-catalog.mjs <number of tools>\n');
  process.exit(2);
}
const perServer = 50;
const serverCount = Math.ceil(total / perServer);
const pad = (n, width) => String(n).padStart(width, '0');
const width = String(serverCount).length;
const servers = [];
const tools = [];
for (let s = 0; s < serverCount; s++) {
  const name = s % 97 === 0 && s > 0 ? `srv.${pad(s - 1, width)}` : `srv-${pad(s, width)}`;
  const count = Math.min(perServer, total - s * perServer);
  servers.push({ name, transport: 'stdio', source: 'generated', status: 'ok', toolCount: count });
  for (let t = 0; t < count; t++) {
    const tool = t % 10 === 0 ? `shared_${Math.floor(s / 5)}_${t}` : `tool_${pad(s, width)}_${pad(t, 2)}`;
    tools.push({
      server: name,
      name: tool,
      qualifiedName: `${name}/${tool}`,
      description: `Generated tool ${t} of server ${name}.`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    });
  }
}
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
servers.sort((a, b) => cmp(a.name, b.name));
tools.sort((a, b) => cmp(a.server, b.server) || cmp(a.name, b.name));
process.stdout.write(JSON.stringify({ schemaVersion: 1, generatedAt: '2026-01-01T00:00:00.000Z', style: 'slash', servers, tools }) + '\n');
