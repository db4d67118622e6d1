import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { VERSION } from '../../version.js';

/**
 * The protocol revisions of the 2026 era the SDK negotiates (through `server/discover`). The SDK keeps that list
 * internal (it exports only the `initialize` era's SUPPORTED_PROTOCOL_VERSIONS), so it is written here, and a test
 * holds it to what `mcpns serve` announces in its `server/discover` answer.
 */
const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'];
const SDK_PACKAGES = ['@modelcontextprotocol/client', '@modelcontextprotocol/server', '@modelcontextprotocol/core'];

/** `mcpns --version --json`: what a bug report needs to say about the installation. */
export interface VersionDocument {
  schemaVersion: 1;
  mcpns: string;
  node: string;
  /** The MCP SDK packages mcpns runs on, as installed beside it. */
  sdk: Record<string, string>;
  /** The MCP protocol revisions mcpns speaks (as a client of servers and as the gateway), newest first. */
  protocolVersions: string[];
}

export async function versionDocument(nodeVersion: string): Promise<VersionDocument> {
  const { SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/client');
  return {
    schemaVersion: 1,
    mcpns: VERSION,
    node: nodeVersion,
    sdk: Object.fromEntries(SDK_PACKAGES.map((name) => [name, installedVersion(name)])),
    protocolVersions: [...new Set([...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS])].sort().reverse(),
  };
}

/** `--version --json` (either order, nothing else): the only spelling that prints this document. */
export function wantsVersionDocument(argv: readonly string[]): boolean {
  return argv.length === 2 && argv.includes('--json') && (argv.includes('--version') || argv.includes('-V'));
}

/**
 * The version of an installed package: its package.json, found from where it resolves (the SDK packages export no
 * `./package.json`). "unknown" when it cannot be read; this document never fails.
 */
function installedVersion(name: string): string {
  try {
    let dir = dirname(createRequire(import.meta.url).resolve(name));
    for (let depth = 0; depth < 8; depth++, dir = dirname(dir)) {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (manifest.name === name && typeof manifest.version === 'string') return manifest.version;
      } catch {
        // no package.json at this level: go up
      }
    }
  } catch {
    // not resolvable
  }
  return 'unknown';
}
