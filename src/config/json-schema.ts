import { z } from 'zod';
import { McpnsConfigSchema } from './schema.js';

/** JSON Schema (draft 2020-12) of mcpns.config.json, generated from the zod schema so the two cannot drift. */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(McpnsConfigSchema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    $schema: schema['$schema'],
    title: 'mcpns configuration (mcpns.config.json)',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
