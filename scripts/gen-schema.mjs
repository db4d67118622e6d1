// Regenerates schema/mcpns.config.schema.json from the zod schema (run after `npm run build`), and the precompiled
// validators built from the zod schemas (src/config/validate-config.generated.ts, src/catalog/validate-catalog.generated.ts).
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../dist/config/json-schema.js';
import { catalogJsonSchema } from '../dist/catalog/schema.js';
import { catalogValidatorSource, configValidatorSource } from './config-validator.mjs';

const schema = configJsonSchema();
writeFileSync(new URL('../schema/mcpns.config.schema.json', import.meta.url), JSON.stringify(schema, null, 2) + '\n');
console.error('wrote schema/mcpns.config.schema.json');
writeFileSync(new URL('../src/config/validate-config.generated.ts', import.meta.url), configValidatorSource(schema));
console.error('wrote src/config/validate-config.generated.ts');
writeFileSync(new URL('../src/catalog/validate-catalog.generated.ts', import.meta.url), catalogValidatorSource(catalogJsonSchema()));
console.error('wrote src/catalog/validate-catalog.generated.ts');
