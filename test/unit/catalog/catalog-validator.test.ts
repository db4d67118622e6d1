import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogValidatorSource } from '../../../scripts/config-validator.mjs';
import { catalogJsonSchema } from '../../../src/catalog/schema.js';

describe('the catalog validator of the zod-free reader', () => {
  it('is generated from the zod schema as it is now (a field added to the schema reaches the fast path by `npm run schema`)', () => {
    const shipped = readFileSync(new URL('../../../src/catalog/validate-catalog.generated.ts', import.meta.url), 'utf8');
    expect(shipped, 'src/catalog/validate-catalog.generated.ts is stale: run npm run schema').toBe(catalogValidatorSource(catalogJsonSchema()));
  });

  it('follows a field added to the schema with no second edit', async () => {
    const { z } = await import('zod');
    const { CatalogFileSchema } = await import('../../../src/catalog/schema.js');
    const extended = CatalogFileSchema.extend({ owner: z.number().int() });
    const source = catalogValidatorSource(z.toJSONSchema(extended, { target: 'draft-2020-12', unrepresentable: 'any' }));
    const module = (await import(
      `data:text/javascript,${encodeURIComponent(source.replace(/^export interface[\s\S]*?^}\n/m, '').replace(/: CatalogShape/, ''))}`
    )) as {
      default: (value: unknown) => boolean;
    };
    const base = { schemaVersion: 1, servers: [], tools: [] };
    expect(module.default({ ...base, owner: 3 })).toBe(true);
    expect(module.default({ ...base, owner: 'me' })).toBe(extended.safeParse({ ...base, owner: 'me' }).success);
  });
});
