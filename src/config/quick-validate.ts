import validate from './validate-config.generated.js';

/**
 * Whether `value` is a valid mcpns.config.json document, without loading zod: the precompiled validator generated
 * from the JSON Schema of the zod schema (scripts/config-validator.mjs). It accepts exactly what the zod schema
 * accepts (test/unit/config/config-validator.test.ts); zod still parses the config and words its errors.
 */
export function isValidOwnConfig(value: unknown): boolean {
  return (validate as (data: unknown) => boolean)(value) === true;
}
