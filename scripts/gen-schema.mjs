// Regenerates schema/mcpns.config.schema.json from the zod schema (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../dist/config/json-schema.js';

writeFileSync(new URL('../schema/mcpns.config.schema.json', import.meta.url), JSON.stringify(configJsonSchema(), null, 2) + '\n');
console.error('wrote schema/mcpns.config.schema.json');
