// Generates a catalog document with N tools over N/50 servers, with a realistic share of shared names,
// near-collisions and long names, so every check has work to do. Deterministic for a given N.
export function generateCatalog(toolCount) {
  const perServer = 50;
  const serverCount = Math.max(1, Math.ceil(toolCount / perServer));
  const servers = [];
  const tools = [];
  for (let s = 0; s < serverCount; s++) {
    const name = `server-${String(s).padStart(5, '0')}`;
    const count = Math.min(perServer, toolCount - s * perServer);
    servers.push({ name, transport: 'stdio', source: 'bench', status: 'ok', toolCount: count });
    for (let t = 0; t < count; t++) {
      const shared = t % 10 === 0; // 10% of names exist on every server
      const toolName = shared ? `common_tool_${t}` : `tool_${s}_${t}${t % 17 === 0 ? '_with_a_rather_long_descriptive_suffix_to_exceed_limits' : ''}`;
      tools.push({
        server: name,
        name: toolName,
        qualifiedName: `${name}/${toolName}`,
        description: `Tool ${t} of ${name}: does thing number ${t} with care.`,
        inputSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
        annotations: { readOnlyHint: t % 2 === 0 },
      });
    }
  }
  return { schemaVersion: 1, generatedAt: '2026-01-01T00:00:00.000Z', style: 'slash', servers, tools };
}
