import { describe, expect, it } from 'vitest';
import { isGatewayEntry } from '../../../src/gateway/own-entry.js';

describe('isGatewayEntry', () => {
  it('recognises mcpns serve however it is started', () => {
    for (const entry of [
      { command: 'npx', args: ['mcpns', 'serve'] },
      { command: 'npx', args: ['-y', 'mcpns@latest', 'serve', '--for', 'claude-code'] },
      { command: 'mcpns', args: ['serve'] },
      { command: '/usr/local/bin/mcpns', args: ['--quiet', 'serve'] },
      { command: 'C:\\tools\\mcpns.cmd', args: ['serve'] },
      { command: 'node', args: ['/home/u/mcpns/bin/mcpns.js', 'serve', '--http', '8765'] },
      { command: process.execPath, args: ['/x/node_modules/mcpns/dist/cli/index.js', 'serve'] },
      { command: 'pnpm', args: ['dlx', 'mcpns', 'serve'] },
      { command: 'sh', args: ['-c', 'exec mcpns serve --style hybrid'] },
    ])
      expect(isGatewayEntry(entry), JSON.stringify(entry)).toBe(true);
  });

  it('leaves every other server alone', () => {
    for (const entry of [
      { command: 'npx', args: ['mcpns', 'list'] },
      { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', 'serve'] },
      { command: 'node', args: ['server.js', 'serve'] },
      { command: 'mcpns-helper', args: ['serve'] },
      { command: 'node', args: ['/x/not-mcpns/bin/mcpnsx.js', 'serve'] },
      {},
    ])
      expect(isGatewayEntry(entry), JSON.stringify(entry)).toBe(false);
  });
});
