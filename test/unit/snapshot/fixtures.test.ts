import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogText } from '../../../src/catalog/read.js';
import type { Catalog, CatalogTool } from '../../../src/catalog/types.js';
import { diffCatalogs } from '../../../src/diff/index.js';
import { createSnapshot, serializeSnapshot } from '../../../src/snapshot/index.js';
// @ts-expect-error plain ESM fixture without types
import { DRIFT_VARIANTS, driftTools } from '../../../fixtures/servers/drift-tools.js';
import { REPO_ROOT } from '../../helpers/fixtures.js';

/**
 * fixtures/snapshots/drift-<variant>.lock.json are what `mcpns snapshot` writes for the drift fixture
 * (server "weather"), so `mcpns diff` can be tried and tested with no server. Regenerate with
 * UPDATE_SNAPSHOT_FIXTURES=1 npx vitest run test/unit/snapshot/fixtures.test.ts
 */
const DIR = join(REPO_ROOT, 'fixtures', 'snapshots');

function driftCatalog(variant: string): Catalog {
  const tools = (driftTools(variant) as Omit<CatalogTool, 'server' | 'qualifiedName'>[]).map((tool): CatalogTool => ({
    ...tool,
    server: 'weather',
    qualifiedName: `weather/${tool.name}`,
  }));
  return {
    schemaVersion: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    style: 'slash',
    servers: [
      {
        name: 'weather',
        transport: 'stdio',
        source: 'mcpns.config.json',
        client: 'mcpns',
        status: 'ok',
        serverInfo: { name: 'drift-weather', version: '1.0.0' },
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        toolCount: tools.length,
        pages: 1,
      },
    ],
    tools,
  };
}

describe('fixtures/snapshots', () => {
  it.each(DRIFT_VARIANTS as string[])('drift-%s.lock.json is current', (variant) => {
    const file = join(DIR, `drift-${variant}.lock.json`);
    const text = serializeSnapshot(createSnapshot(driftCatalog(variant)));
    if (process.env['UPDATE_SNAPSHOT_FIXTURES'] || !existsSync(file)) writeFileSync(file, text);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('diffing the committed files gives the expected codes', () => {
    const read = (variant: string) => parseCatalogText(readFileSync(join(DIR, `drift-${variant}.lock.json`), 'utf8'), variant);
    const codes = (variant: string) => diffCatalogs(read('base'), read(variant)).map((finding) => `${finding.code} ${finding.severity}`);
    expect(codes('tool-removed')).toEqual(['TOOL_REMOVED error']);
    expect(codes('required-added')).toEqual(['SCHEMA_BREAKING error']);
    expect(codes('description-changed')).toEqual(['DESCRIPTION_CHANGED warning']);
    expect(codes('annotation-escalated')).toEqual(['ANNOTATIONS_CHANGED error']);
    expect(codes('type-narrowed')).toEqual(['SCHEMA_BREAKING error']);
    expect(codes('enum-shrunk')).toEqual(['SCHEMA_BREAKING error']);
    expect(codes('property-added-optional')).toEqual(['SCHEMA_COMPATIBLE info']);
  });
});
